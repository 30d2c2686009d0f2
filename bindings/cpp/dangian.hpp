// dangian.hpp: a small header-only C++17 wrapper over the dangian C API (dangian.h).
//
//   dangian::Game game(dangian::Kind::OAnQuan, /*seed=*/7);
//   for (uint32_t id : game.legal_actions()) std::cout << game.action_text(id) << '\n';
//   game.apply(game.action_id("a1+"));
//
// A dangian::Game owns its handle (move-only; the destructor frees it). Every failure throws
// dangian::Error with the status code, the reason code of an illegal action and the library's
// message; the game is then unchanged. Text comes back as std::string (UTF-8), lists as
// std::vector, or into a caller's buffer where a game loop wants no allocation. Like the
// handle beneath it, a Game may move between threads but must not be used from two threads at
// once. The first Game checks that the library's ABI is the header's (dangian::check_abi).
//
// Build: `ffi/install.sh PREFIX`, then `c++ -std=c++17 -I bindings/cpp app.cpp
// $(pkg-config --cflags --libs dangian)`.
#ifndef DANGIAN_HPP
#define DANGIAN_HPP

#include <cstddef>
#include <cstdint>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

#include "dangian.h"

namespace dangian {

/// The three games (the values of DgGameKind).
enum class Kind : uint32_t {
    OAnQuan = DG_GAME_KIND_O_AN_QUAN,
    CaNgua = DG_GAME_KIND_CA_NGUA,
    Domino = DG_GAME_KIND_DOMINO,
};

/// The bot levels (the values of DgLevel).
enum class Level : uint32_t {
    Easy = DG_LEVEL_EASY,
    Medium = DG_LEVEL_MEDIUM,
    Hard = DG_LEVEL_HARD,
};

/// The languages of descriptions (the values of DgLang).
enum class Lang : uint32_t {
    Vi = DG_LANG_VI,
    En = DG_LANG_EN,
};

/// A failed call: the status code, the reason code of an illegal action (DG_REASON_NONE
/// otherwise) and the library's message.
class Error : public std::runtime_error {
  public:
    Error(DgStatus status, DgReason reason, const std::string &message)
        : std::runtime_error(message), status_(status), reason_(reason) {}
    DgStatus status() const noexcept { return status_; }
    DgReason reason() const noexcept { return reason_; }

  private:
    DgStatus status_;
    DgReason reason_;
};

namespace detail {

inline std::string last_error() {
    size_t len = 0;
    if (dg_last_error(nullptr, 0, &len) == DG_STATUS_OK) return std::string();
    std::string s(len, '\0');
    if (dg_last_error(reinterpret_cast<uint8_t *>(&s[0]), s.size(), &len) != DG_STATUS_OK)
        return "(the message cannot be read)";
    return s;
}

inline DgReason last_reason() {
    uint32_t r = DG_REASON_NONE;
    if (dg_last_reason(&r) != DG_STATUS_OK) return DG_REASON_NONE;
    return static_cast<DgReason>(r);
}

inline void check(DgStatus st) {
    if (st != DG_STATUS_OK) {
        DgReason reason = st == DG_STATUS_ILLEGAL_ACTION ? last_reason() : DG_REASON_NONE;
        throw Error(st, reason, last_error());
    }
}

/// Read a text result: ask for the size, then fill a string of that size.
template <class F> std::string text(F &&call) {
    size_t len = 0;
    DgStatus st = call(nullptr, 0, &len);
    if (st == DG_STATUS_OK) return std::string();
    if (st != DG_STATUS_BUFFER_TOO_SMALL) check(st);
    std::string s(len, '\0');
    check(call(reinterpret_cast<uint8_t *>(&s[0]), s.size(), &len));
    s.resize(len);
    return s;
}

} // namespace detail

/// The reason of the last illegal action on this thread (DG_REASON_NONE otherwise).
inline DgReason last_reason() { return detail::last_reason(); }

/// The library's version text (DANGIAN_VERSION of the header it was built with).
inline std::string version() {
    return detail::text([](uint8_t *b, size_t c, size_t *l) { return dg_version(b, c, l); });
}

/// The name records use for a kind: "o_an_quan", "ca_ngua" or "domino".
inline std::string kind_name(Kind kind) {
    return detail::text([kind](uint8_t *b, size_t c, size_t *l) {
        return dg_game_kind_name(static_cast<uint32_t>(kind), b, c, l);
    });
}

/// The preset names of a kind as a JSON array ("seed_rules" first).
inline std::string presets_json(Kind kind) {
    return detail::text([kind](uint8_t *b, size_t c, size_t *l) {
        return dg_game_presets_json(static_cast<uint32_t>(kind), b, c, l);
    });
}

/// The presets a table of a kind offers as a JSON array, its default first.
inline std::string table_presets_json(Kind kind) {
    return detail::text([kind](uint8_t *b, size_t c, size_t *l) {
        return dg_game_table_presets_json(static_cast<uint32_t>(kind), b, c, l);
    });
}

/// The name of a preset of a kind in a language (e.g. "Lặp ba lần" / "Threefold repetition").
inline std::string preset_name(Kind kind, const std::string &preset, Lang lang) {
    return detail::text([kind, &preset, lang](uint8_t *b, size_t c, size_t *l) {
        return dg_preset_name(static_cast<uint32_t>(kind),
                              reinterpret_cast<const uint8_t *>(preset.data()), preset.size(),
                              static_cast<uint32_t>(lang), b, c, l);
    });
}

/// What a preset of a kind plays, in one line in a language.
inline std::string preset_summary(Kind kind, const std::string &preset, Lang lang) {
    return detail::text([kind, &preset, lang](uint8_t *b, size_t c, size_t *l) {
        return dg_preset_summary(static_cast<uint32_t>(kind),
                                 reinterpret_cast<const uint8_t *>(preset.data()), preset.size(),
                                 static_cast<uint32_t>(lang), b, c, l);
    });
}

/// The commitment (SHA-256, 64 hex digits) to a server seed given as 64 hex digits: what a
/// server publishes before a game with fair chance.
inline std::string fair_commitment(const std::string &server_seed_hex) {
    return detail::text([&server_seed_hex](uint8_t *b, size_t c, size_t *l) {
        return dg_fair_commitment(reinterpret_cast<const uint8_t *>(server_seed_hex.data()),
                                  server_seed_hex.size(), b, c, l);
    });
}

/// Verify a finished game's fair chance from its record; returns the report JSON, or throws
/// Error with DG_STATUS_UNFAIR naming the first chance action the seeds do not give.
inline std::string verify_record(const std::string &record_json) {
    return detail::text([&record_json](uint8_t *b, size_t c, size_t *l) {
        return dg_record_verify(reinterpret_cast<const uint8_t *>(record_json.data()),
                                record_json.size(), b, c, l);
    });
}

/// A hint's proven result in words in a language ("thắng chắc, hơn 12 điểm" / "wins by
/// force, by 12 points"); empty when the hint's result is not proven.
inline std::string proven_words(const DgHint &hint, Lang lang) {
    return detail::text([&hint, lang](uint8_t *b, size_t c, size_t *l) {
        return dg_hint_proven_words(&hint, static_cast<uint32_t>(lang), b, c, l);
    });
}

/// Install an Ô ăn quan proof certificate or strategy (decompressed bytes) for the process:
/// medium and hard then play its moves where it holds, and their hints say so. Checks every
/// record first (about 20 s for the seed rules' strategy); throws Error with
/// DG_STATUS_INVALID_CERTIFICATE for bytes that do not prove their claim.
inline void install_o_an_quan_certificate(const std::vector<uint8_t> &bytes) {
    detail::check(dg_o_an_quan_install_certificate(bytes.data(), bytes.size()));
}

/// Remove every installed Ô ăn quan certificate.
inline void uninstall_o_an_quan_certificates() {
    detail::check(dg_o_an_quan_uninstall_certificates());
}

/// Throws std::runtime_error unless the library's ABI version is the header's.
inline void check_abi() {
    if (dg_abi_version() != DANGIAN_ABI_VERSION)
        throw std::runtime_error("the dangian library's ABI version is not this header's");
}

/// One game of any kind, owning its DgGame handle.
class Game {
  public:
    /// A new game under the config JSON (empty = the seed rules), with its RNG seeded by seed.
    Game(Kind kind, uint64_t seed, const std::string &config_json = std::string())
        : handle_(nullptr) {
        abi_checked();
        detail::check(dg_game_new(static_cast<uint32_t>(kind),
                                  reinterpret_cast<const uint8_t *>(config_json.data()),
                                  config_json.size(), seed, &handle_));
    }

    /// Load a saved game (a record JSON from save(), or a golden vector file), verifying
    /// every action; the handle's RNG for the chance still to come is seeded by `seed`.
    static Game load(const std::string &record_json, uint64_t seed = 0) {
        abi_checked();
        DgGame *h = nullptr;
        detail::check(dg_game_load(reinterpret_cast<const uint8_t *>(record_json.data()),
                                   record_json.size(), seed, &h));
        return Game(h);
    }

    /// A new game under a named preset (see presets_json).
    static Game preset(Kind kind, const std::string &name, uint64_t seed) {
        abi_checked();
        DgGame *h = nullptr;
        detail::check(dg_game_new_preset(static_cast<uint32_t>(kind),
                                         reinterpret_cast<const uint8_t *>(name.data()),
                                         name.size(), seed, &h));
        return Game(h);
    }

    /// A game from a position (the JSON of state_json()), validated like every state.
    static Game from_state_json(Kind kind, const std::string &json, uint64_t seed) {
        abi_checked();
        DgGame *h = nullptr;
        detail::check(dg_game_from_state_json(static_cast<uint32_t>(kind),
                                              reinterpret_cast<const uint8_t *>(json.data()),
                                              json.size(), seed, &h));
        return Game(h);
    }

    ~Game() { dg_game_free(handle_); }
    Game(const Game &) = delete;
    Game &operator=(const Game &) = delete;
    Game(Game &&other) noexcept : handle_(std::exchange(other.handle_, nullptr)) {}
    Game &operator=(Game &&other) noexcept {
        if (this != &other) {
            dg_game_free(handle_);
            handle_ = std::exchange(other.handle_, nullptr);
        }
        return *this;
    }

    /// An independent copy (RNG, record and last events included).
    Game clone() const {
        DgGame *h = nullptr;
        detail::check(dg_game_clone(handle_, &h));
        return Game(h);
    }

    Kind kind() const { return static_cast<Kind>(get<uint32_t>(dg_game_kind)); }
    uint32_t seats() const { return get<uint32_t>(dg_game_seats); }
    /// A seat, DG_TO_MOVE_CHANCE or DG_TO_MOVE_OVER.
    int32_t to_move() const { return get<int32_t>(dg_game_to_move); }
    bool over() const { return to_move() == DG_TO_MOVE_OVER; }
    bool chance_to_move() const { return to_move() == DG_TO_MOVE_CHANCE; }
    uint32_t move_number() const { return get<uint32_t>(dg_game_move_number); }
    uint32_t max_moves() const { return get<uint32_t>(dg_game_max_moves); }
    /// For the host: it identifies hidden tiles (view_hash is a seat's).
    uint64_t state_hash() const { return get<uint64_t>(dg_game_state_hash); }
    uint64_t view_hash(uint32_t seat) const {
        uint64_t v = 0;
        detail::check(dg_game_view_hash(handle_, seat, &v));
        return v;
    }

    std::vector<uint32_t> legal_actions() const {
        std::vector<uint32_t> ids(DG_MAX_ACTIONS);
        size_t n = 0;
        detail::check(dg_game_legal_actions(handle_, ids.data(), ids.size(), &n));
        ids.resize(n);
        return ids;
    }

    /// The legal actions into a caller buffer of DG_MAX_ACTIONS ids: no allocation.
    size_t legal_actions(uint32_t *buf, size_t cap) const {
        size_t n = 0;
        detail::check(dg_game_legal_actions(handle_, buf, cap, &n));
        return n;
    }

    /// The actions seat may take now (none unless it is its turn): safe to send to it.
    std::vector<uint32_t> legal_actions_for(uint32_t seat) const {
        std::vector<uint32_t> ids(DG_MAX_ACTIONS);
        size_t n = 0;
        detail::check(dg_game_legal_actions_for(handle_, seat, ids.data(), ids.size(), &n));
        ids.resize(n);
        return ids;
    }

    std::vector<DgChanceOutcome> chance_outcomes() const {
        std::vector<DgChanceOutcome> out(DG_MAX_ACTIONS);
        size_t n = 0;
        detail::check(dg_game_chance_outcomes(handle_, out.data(), out.size(), &n));
        out.resize(n);
        return out;
    }

    /// Throws (ILLEGAL_ACTION with the reason, or UNKNOWN_ACTION) unless legal now.
    void check(uint32_t action) const { detail::check(dg_game_check(handle_, action)); }
    void apply(uint32_t action) { detail::check(dg_game_apply(handle_, action)); }
    /// Apply only if the game is still at move expected_move (else STALE_ACTION).
    void apply_at(uint32_t expected_move, uint32_t action) {
        detail::check(dg_game_apply_at(handle_, expected_move, action));
    }
    /// A chance outcome chosen by the host (NOT_CHANCE when a player is to move).
    void apply_chance(uint32_t outcome) { detail::check(dg_game_apply_chance(handle_, outcome)); }
    /// Sample a chance outcome from the game's own RNG and apply it; returns its id.
    uint32_t play_chance() {
        uint32_t id = 0;
        detail::check(dg_game_play_chance(handle_, &id));
        return id;
    }

    /// Play chance from the committed seeds from now on (before the first action): the server
    /// seed as 64 hex digits, the players' seeds as a JSON array of strings.
    void set_fair_chance(const std::string &server_seed_hex,
                         const std::string &player_seeds_json = "[]") {
        detail::check(dg_game_set_fair_chance(
            handle_, reinterpret_cast<const uint8_t *>(server_seed_hex.data()),
            server_seed_hex.size(), reinterpret_cast<const uint8_t *>(player_seeds_json.data()),
            player_seeds_json.size()));
    }
    /// The commitment, player seeds and (once over) the reveal as JSON; "null" without fair
    /// chance.
    std::string fairness_json() const { return text(dg_game_fairness_json); }

    /// Keep each action's events for events_json (on by default).
    void set_events(bool keep) { detail::check(dg_game_set_events(handle_, keep ? 1u : 0u)); }

    DgOutcome outcome() const {
        DgOutcome o;
        detail::check(dg_game_outcome(handle_, &o));
        return o;
    }
    /// `count` random playouts from this position, played inside the library (playout i from
    /// an RNG seeded from `seed` and i: reproducible); the game is not changed.
    DgPlayouts playouts(uint64_t seed, uint64_t count) const {
        DgPlayouts p{};
        detail::check(dg_game_playouts(handle_, seed, count, &p));
        return p;
    }
    std::string end_reason() const { return text(dg_game_end_reason); }
    std::string state_json() const { return text(dg_game_state_json); }
    std::string config_json() const { return text(dg_game_config_json); }
    std::string board_text() const { return text(dg_game_board_text); }
    std::string save() const { return text(dg_game_save); }
    std::string view_json(uint32_t seat) const {
        DgGame *h = handle_;
        return detail::text([h, seat](uint8_t *b, size_t c, size_t *l) {
            return dg_game_view_json(h, seat, b, c, l);
        });
    }
    /// The events of the last apply, for a seat or DG_ALL_SEATS.
    std::string events_json(int32_t seat = DG_ALL_SEATS) const {
        DgGame *h = handle_;
        return detail::text([h, seat](uint8_t *b, size_t c, size_t *l) {
            return dg_game_events_json(h, seat, b, c, l);
        });
    }
    std::string action_text(uint32_t action) const {
        DgGame *h = handle_;
        return detail::text([h, action](uint8_t *b, size_t c, size_t *l) {
            return dg_game_action_text(h, action, b, c, l);
        });
    }
    /// The action described in words, for a seat (no hidden tile) or DG_ALL_SEATS.
    std::string describe_action(uint32_t action, Lang lang, int32_t seat = DG_ALL_SEATS) const {
        DgGame *h = handle_;
        return detail::text([h, action, lang, seat](uint8_t *b, size_t c, size_t *l) {
            return dg_game_describe_action(h, action, static_cast<uint32_t>(lang), seat, b, c, l);
        });
    }
    /// A seat as players name it, from 1 ("Người 1" / "Player 1", with colours in Cờ cá ngựa).
    std::string seat_name(uint32_t seat, Lang lang) const {
        DgGame *h = handle_;
        return detail::text([h, seat, lang](uint8_t *b, size_t c, size_t *l) {
            return dg_game_seat_name(h, seat, static_cast<uint32_t>(lang), b, c, l);
        });
    }
    /// The end of the game in words: a JSON array of lines ("[]" while not over).
    std::string outcome_lines_json(Lang lang) const {
        DgGame *h = handle_;
        return detail::text([h, lang](uint8_t *b, size_t c, size_t *l) {
            return dg_game_outcome_lines_json(h, static_cast<uint32_t>(lang), b, c, l);
        });
    }
    /// The last action's events described in words: a JSON array of strings.
    std::string describe_events(Lang lang, int32_t seat = DG_ALL_SEATS) const {
        DgGame *h = handle_;
        return detail::text([h, lang, seat](uint8_t *b, size_t c, size_t *l) {
            return dg_game_describe_events(h, static_cast<uint32_t>(lang), seat, b, c, l);
        });
    }
    uint32_t action_id(const std::string &text) const {
        uint32_t id = 0;
        detail::check(dg_game_action_id(handle_, reinterpret_cast<const uint8_t *>(text.data()),
                                        text.size(), &id));
        return id;
    }

    DgOAnQuanBoard o_an_quan_board() const {
        DgOAnQuanBoard b;
        detail::check(dg_o_an_quan_board(handle_, &b));
        return b;
    }
    DgCaNguaBoard ca_ngua_board() const {
        DgCaNguaBoard b;
        detail::check(dg_ca_ngua_board(handle_, &b));
        return b;
    }
    /// What seat sees of a Domino match.
    DgDominoBoard domino_board(uint32_t seat) const {
        DgDominoBoard b;
        detail::check(dg_domino_board(handle_, seat, &b));
        return b;
    }

    /// The action a bot of `level` plays for `seat`, which must be the seat to move
    /// (DG_STATUS_NO_DECISION otherwise); deterministic for a position, level and seed.
    uint32_t bot_choose(uint32_t seat, Level level, uint64_t seed) const {
        uint32_t id = 0;
        detail::check(dg_bot_choose(handle_, seat, static_cast<uint32_t>(level), seed, &id));
        return id;
    }

    /// Every legal action of `seat` ranked by a bot, best first.
    std::vector<DgHint> bot_hints(uint32_t seat, Level level, uint64_t seed) const {
        std::vector<DgHint> hints(DG_MAX_ACTIONS);
        size_t n = 0;
        detail::check(dg_bot_hints(handle_, seat, static_cast<uint32_t>(level), seed,
                                   hints.data(), hints.size(), &n));
        hints.resize(n);
        return hints;
    }

    /// The expert's action for `seat` (the seat to move): the strongest search given
    /// `milliseconds` of wall-clock time (at least 1). Not reproducible: the choice depends
    /// on the machine's speed and load.
    uint32_t bot_choose_budget(uint32_t seat, uint32_t milliseconds, uint64_t seed) const {
        uint32_t id = 0;
        detail::check(dg_bot_choose_budget(handle_, seat, milliseconds, seed, &id));
        return id;
    }

    /// The handle, for calling the C API directly (still owned by this Game).
    DgGame *get() const noexcept { return handle_; }

  private:
    explicit Game(DgGame *handle) : handle_(handle) {}

    static void abi_checked() {
        static const bool checked = (check_abi(), true);
        (void)checked;
    }

    template <class T, class F> T get(F &&f) const {
        T value{};
        detail::check(f(handle_, &value));
        return value;
    }

    std::string text(DgStatus (*f)(const DgGame *, uint8_t *, size_t, size_t *)) const {
        DgGame *h = handle_;
        return detail::text([h, f](uint8_t *b, size_t c, size_t *l) { return f(h, b, c, l); });
    }

    DgGame *handle_;
};

/// Many games of one kind stepped together, one call per step, owning its DgBatch handle.
/// Each array passed to observe and step has exactly num_games() rows of the shape's widths;
/// a step allocates nothing.
class Batch {
  public:
    /// `num_games` new games under the config JSON (empty = the seed rules), game i seeded
    /// from `seed` and i, the batch's own RNG (random_actions) by `seed`.
    Batch(Kind kind, size_t num_games, uint64_t seed,
          const std::string &config_json = std::string())
        : handle_(nullptr) {
        check_abi();
        detail::check(dg_batch_new(static_cast<uint32_t>(kind),
                                   reinterpret_cast<const uint8_t *>(config_json.data()),
                                   config_json.size(), num_games, seed, &handle_));
        detail::check(dg_batch_shape(handle_, &shape_));
    }
    ~Batch() { dg_batch_free(handle_); }
    Batch(const Batch &) = delete;
    Batch &operator=(const Batch &) = delete;
    Batch(Batch &&other) noexcept
        : handle_(std::exchange(other.handle_, nullptr)), shape_(other.shape_) {}
    Batch &operator=(Batch &&other) noexcept {
        if (this != &other) {
            dg_batch_free(handle_);
            handle_ = std::exchange(other.handle_, nullptr);
            shape_ = other.shape_;
        }
        return *this;
    }

    /// The widths of the arrays: seats, observation_len, action_ids per game.
    const DgBatchShape &shape() const noexcept { return shape_; }
    size_t num_games() const noexcept { return shape_.num_games; }
    /// Games finished (and restarted) since the batch was made or reset.
    uint64_t episodes() const {
        uint64_t e = 0;
        detail::check(dg_batch_episodes(handle_, &e));
        return e;
    }
    /// Start every game anew, seeded as by the constructor.
    void reset(uint64_t seed) { detail::check(dg_batch_reset(handle_, seed)); }
    /// Every game's observation, legal-action mask and seat to move.
    void observe(std::vector<float> &observations, std::vector<uint8_t> &masks,
                 std::vector<int32_t> &to_play) const {
        detail::check(dg_batch_observe(handle_, observations.data(), observations.size(),
                                       masks.data(), masks.size(), to_play.data(),
                                       to_play.size()));
    }
    /// Play actions[i] in game i (all checked first: on an Error no game changed), sample
    /// chance, restart finished games, and fill the rows.
    void step(const std::vector<uint32_t> &actions, std::vector<float> &observations,
              std::vector<uint8_t> &masks, std::vector<float> &rewards,
              std::vector<uint8_t> &dones, std::vector<int32_t> &to_play) {
        detail::check(dg_batch_step(handle_, actions.data(), actions.size(),
                                    observations.data(), observations.size(), masks.data(),
                                    masks.size(), rewards.data(), rewards.size(), dones.data(),
                                    dones.size(), to_play.data(), to_play.size()));
    }
    /// A uniformly random legal action per game from the batch's own RNG.
    void random_actions(std::vector<uint32_t> &actions) {
        detail::check(dg_batch_random_actions(handle_, actions.data(), actions.size()));
    }
    /// The handle, for calling the C API directly (still owned by this Batch).
    DgBatch *get() const noexcept { return handle_; }

  private:
    DgBatch *handle_;
    DgBatchShape shape_{};
};

} // namespace dangian

#endif // DANGIAN_HPP
