// A C++17 consumer of dangian through the RAII wrapper dangian.hpp.
//
//   main                  play a seeded game of each kind, print one summary line each
//   main FILE...          load each saved game (a record JSON) and print its final state
//
// It prints the same lines as the C consumer (compared with the Rust engine by the tests):
//   game <kind> moves <n> hash <16 hex> outcome <reason> scores <s0,..> places <p0,..>
//   board <kind> <every field of the game's board snapshot at the end>
//   vector <file> hash <16 hex> state <json>
#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <fstream>
#include <iomanip>
#include <iostream>
#include <sstream>
#include <string>
#include <vector>

#include "dangian.hpp"

namespace {

void expect(bool cond, const char *what) {
    if (!cond) {
        std::cerr << "expected " << what << '\n';
        std::exit(1);
    }
}

std::string hex16(uint64_t v) {
    std::ostringstream s;
    s << std::hex << std::setw(16) << std::setfill('0') << v;
    return s.str();
}

template <class T> std::string list(const char *name, const T *v, size_t n) {
    std::ostringstream s;
    s << ' ' << name << ' ';
    for (size_t i = 0; i < n; i++) s << (i ? "," : "") << static_cast<long long>(v[i]);
    return s.str();
}

std::string board_line(const dangian::Game &game) {
    std::ostringstream s;
    switch (game.kind()) {
    case dangian::Kind::OAnQuan: {
        DgOAnQuanBoard b = game.o_an_quan_board();
        s << "board o_an_quan" << list("dan", b.dan, 12) << list("big_on_board", b.big_on_board, 2)
          << list("big_captured_by", b.big_captured_by, 2)
          << list("captured_dan", b.captured_dan, 2) << list("captured_quan", b.captured_quan, 2)
          << list("scores", b.scores, 2) << " to_move " << b.to_move << " ply " << b.ply;
        break;
    }
    case dangian::Kind::CaNgua: {
        DgCaNguaBoard b = game.ca_ngua_board();
        s << "board ca_ngua track_len " << b.track_len << list("owner", b.owner, 4)
          << list("progress", &b.progress[0][0], 16) << " colour_to_move " << b.colour_to_move
          << " to_move " << b.to_move << list("dice", b.dice, 2) << " tries_left "
          << b.tries_left << list("kicks", &b.kicks[0][0], 16);
        break;
    }
    case dangian::Kind::Domino: {
        DgDominoBoard b = game.domino_board(0);
        s << "board domino seat " << b.seat << " players " << b.players << " round " << b.round
          << " phase " << b.phase << " to_move " << b.to_move << " hand_mask " << b.hand_mask
          << list("hand_counts", b.hand_counts, 4) << " boneyard " << b.boneyard
          << " drawable " << b.drawable << list("ends", b.ends, 2) << " line_len " << b.line_len
          << " line ";
        if (b.line_len == 0) s << '-';
        for (uint32_t i = 0; i < b.line_len && i < 28; i++)
            s << (i ? "," : "") << unsigned(b.line[i].left) << ':' << unsigned(b.line[i].right);
        s << list("scores", b.scores, 4);
        break;
    }
    }
    return s.str();
}

// The choice rule shared with the Rust test: legal[(move * 7 + 3) % n].
void play(dangian::Kind kind, uint64_t seed) {
    dangian::Game game(kind, seed);
    while (!game.over()) {
        if (game.chance_to_move()) {
            game.play_chance();
            continue;
        }
        std::vector<uint32_t> legal = game.legal_actions();
        uint32_t move = game.move_number();
        game.apply_at(move, legal[(move * 7u + 3u) % legal.size()]);
    }
    DgOutcome o = game.outcome();
    std::cout << "game " << dangian::kind_name(kind) << " moves " << game.move_number() << " hash "
              << hex16(game.state_hash()) << " outcome " << game.end_reason()
              << list("scores", o.scores, o.seats) << list("places", o.places, o.seats) << '\n';
    std::cout << board_line(game) << '\n';

    // Save and load: the same position; a moved-from Game holds nothing.
    dangian::Game loaded = dangian::Game::load(game.save());
    expect(loaded.state_hash() == game.state_hash(), "the loaded game to match");
    dangian::Game moved = std::move(loaded);
    expect(moved.get() != nullptr && loaded.get() == nullptr, "a move to transfer the handle");
}

template <class F> DgStatus status_of(F &&f) {
    try {
        f();
    } catch (const dangian::Error &e) {
        expect(std::string(e.what()).size() > 0, "a message");
        return e.status();
    }
    return DG_STATUS_OK;
}

void error_paths() {
    expect(dangian::version() == DANGIAN_VERSION, "the library version to match the header");
    expect(status_of([] { dangian::Game g(static_cast<dangian::Kind>(9), 1); }) ==
               DG_STATUS_INVALID_ARGUMENT,
           "a bad kind to throw INVALID_ARGUMENT");
    expect(status_of([] { dangian::Game g(dangian::Kind::Domino, 1, "{\"players\":5}"); }) ==
               DG_STATUS_INVALID_CONFIG,
           "an invalid config to throw INVALID_CONFIG");
    expect(status_of([] { dangian::Game g(dangian::Kind::OAnQuan, 1, "{oops"); }) ==
               DG_STATUS_INVALID_JSON,
           "bad JSON to throw INVALID_JSON");

    dangian::Game game(dangian::Kind::OAnQuan, 1);
    uint64_t hash = game.state_hash();
    std::string state = game.state_json();
    try {
        game.apply(game.action_id("b1-")); // seat 0 cannot sow seat 1's square
        expect(false, "an illegal action to throw");
    } catch (const dangian::Error &e) {
        expect(e.status() == DG_STATUS_ILLEGAL_ACTION, "ILLEGAL_ACTION");
        expect(e.reason() == DG_REASON_O_AN_QUAN_NOT_OWN_SQUARE, "the reason's code");
    }
    expect(status_of([&] { game.bot_choose(1, dangian::Level::Easy, 1); }) ==
               DG_STATUS_NO_DECISION,
           "no bot for a seat not to move");
    expect(game.legal_actions_for(1).empty(), "nothing for a seat not to move");
    expect(status_of([&] { dangian::Game::preset(dangian::Kind::CaNgua, "nope", 1); }) ==
               DG_STATUS_INVALID_CONFIG,
           "an unknown preset");
    expect(status_of([&] { dangian::Game::from_state_json(dangian::Kind::Domino, "{}", 1); }) ==
               DG_STATUS_INVALID_STATE,
           "an impossible position");
    {
        dangian::Game again =
            dangian::Game::from_state_json(dangian::Kind::OAnQuan, game.state_json(), 1);
        expect(again.state_hash() == game.state_hash(), "a position round-trips");
    }
    expect(status_of([&] { game.apply_at(3, 1); }) == DG_STATUS_STALE_ACTION, "STALE_ACTION");
    expect(status_of([&] { game.play_chance(); }) == DG_STATUS_NOT_CHANCE, "NOT_CHANCE");
    expect(status_of([&] { game.view_json(2); }) == DG_STATUS_INVALID_ARGUMENT, "a bad seat");
    expect(status_of([&] { game.ca_ngua_board(); }) == DG_STATUS_WRONG_GAME, "WRONG_GAME");
    expect(status_of([&] { game.action_id("zz"); }) == DG_STATUS_UNKNOWN_ACTION, "bad notation");
    expect(status_of([&] { dangian::Game::load("{}"); }) == DG_STATUS_INVALID_RECORD,
           "INVALID_RECORD");
    expect(game.state_hash() == hash && game.state_json() == state, "the game to be unchanged");

    dangian::Game copy = game.clone();
    copy.apply(copy.legal_actions()[0]);
    expect(copy.move_number() == game.move_number() + 1, "the clone to be independent");
    dangian::Game gone = std::move(copy);
    expect(status_of([&] { copy.seats(); }) == DG_STATUS_NULL_POINTER,
           "a moved-from Game to throw NULL_POINTER");
}

// Words and fair chance: a move described in both languages; a game played with fair chance
// (one round of Domino) verifies, and the same record with its first deal changed is
// DG_STATUS_UNFAIR.
void words_and_fair_chance() {
    dangian::Game oaq(dangian::Kind::OAnQuan, 1);
    uint32_t first = oaq.legal_actions()[0];
    std::string vi = oaq.describe_action(first, dangian::Lang::Vi, 0);
    std::string en = oaq.describe_action(first, dangian::Lang::En, 0);
    expect(!vi.empty() && !en.empty() && vi != en, "a description in each language");
    expect(status_of([&] { oaq.describe_action(first, static_cast<dangian::Lang>(5)); }) ==
               DG_STATUS_INVALID_ARGUMENT,
           "an unknown language to throw INVALID_ARGUMENT");

    const std::string seed(64, '7');
    dangian::Game game(dangian::Kind::Domino, 1, "{\"max_rounds\":1}");
    game.set_fair_chance(seed, "[\"an\"]");
    expect(game.fairness_json().find(dangian::fair_commitment(seed)) != std::string::npos,
           "the commitment to be published");
    while (!game.over()) {
        if (game.chance_to_move()) {
            game.play_chance();
            expect(game.describe_events(dangian::Lang::Vi, 0).size() > 2, "described events");
            continue;
        }
        std::vector<uint32_t> legal = game.legal_actions();
        game.apply(legal[(game.move_number() * 7u + 3u) % legal.size()]);
    }
    std::string record = game.save();
    expect(dangian::verify_record(record).find("chance_outcomes") != std::string::npos,
           "an honest record to verify");
    const std::string key = "\"actions\":[\"";
    size_t at = record.find(key) + key.size();
    size_t end = record.find('"', at);
    std::string deal = record.substr(at, end - at) == "deal 0-0" ? "deal 1-1" : "deal 0-0";
    std::string tampered = record.substr(0, at) + deal + record.substr(end);
    expect(status_of([&] { dangian::verify_record(tampered); }) == DG_STATUS_UNFAIR,
           "a changed deal to be caught");
}

std::string read_file(const char *path) {
    std::ifstream f(path, std::ios::binary);
    if (!f) {
        std::cerr << "cannot open " << path << '\n';
        std::exit(1);
    }
    std::ostringstream s;
    s << f.rdbuf();
    return s.str();
}

// Bots at each level for the first decision of each game: the same choice as Rust.
void bots(dangian::Kind kind, uint64_t seed) {
    dangian::Game game(kind, seed);
    while (game.chance_to_move()) game.play_chance();
    uint32_t seat = static_cast<uint32_t>(game.to_move());
    std::vector<uint32_t> legal = game.legal_actions();
    for (dangian::Level level : {dangian::Level::Easy, dangian::Level::Medium, dangian::Level::Hard}) {
        uint32_t action = game.bot_choose(seat, level, 1);
        std::vector<DgHint> hints = game.bot_hints(seat, level, 1);
        expect(hints.size() == legal.size() && hints[0].action == action,
               "hints rank every legal action, best first");
        expect(hints[0].proven == DG_PROVEN_UNKNOWN &&
                   dangian::proven_words(hints[0], dangian::Lang::En).empty(),
               "nothing is proven at the first decision");
        std::cout << "bot " << dangian::kind_name(kind) << " level "
                  << static_cast<uint32_t>(level) << " action " << action << '\n';
    }
    // A hint proven won says so in words; bytes that are no certificate are refused.
    DgHint won{};
    won.proven = DG_PROVEN_WIN;
    won.margin = 12;
    won.plies = 9;
    expect(dangian::proven_words(won, dangian::Lang::En) == "wins by force, by 12 points",
           "a proven hint in words");
    expect(status_of([] { dangian::install_o_an_quan_certificate({'x'}); }) ==
               DG_STATUS_INVALID_CERTIFICATE,
           "bytes that are no certificate to be refused");
    dangian::uninstall_o_an_quan_certificates();
    // The expert (a time budget; not reproducible, so only its legality is checked).
    uint32_t expert = game.bot_choose_budget(seat, 2, 1);
    expect(std::find(legal.begin(), legal.end(), expert) != legal.end(),
           "the expert plays a legal action");
}

/// A batch of games stepped by one call each step, and playouts run inside the library.
void batch_and_playouts() {
    dangian::Batch batch(dangian::Kind::CaNgua, 2, 5);
    const DgBatchShape &s = batch.shape();
    size_t n = batch.num_games();
    std::vector<uint32_t> actions(n);
    std::vector<float> obs(n * s.observation_len), rewards(n * s.seats);
    std::vector<uint8_t> masks(n * s.action_ids), dones(n);
    std::vector<int32_t> to_play(n);
    uint64_t ended = 0;
    for (int i = 0; i < 3000; i++) {
        batch.random_actions(actions);
        batch.step(actions, obs, masks, rewards, dones, to_play);
        for (size_t g = 0; g < n; g++) {
            expect(to_play[g] >= 0, "a seat always to move in a batch");
            ended += dones[g];
        }
    }
    expect(ended > 0 && ended == batch.episodes(), "finished games counted as episodes");
    std::vector<float> before(obs.size()), after(obs.size());
    batch.observe(before, masks, to_play);
    batch.random_actions(actions);
    actions[1] = 100000;
    expect(status_of([&] { batch.step(actions, obs, masks, rewards, dones, to_play); }) ==
               DG_STATUS_UNKNOWN_ACTION,
           "an unknown id in a batch to throw UNKNOWN_ACTION");
    std::vector<float> short_obs(1);
    expect(status_of([&] { batch.step(actions, short_obs, masks, rewards, dones, to_play); }) ==
               DG_STATUS_INVALID_ARGUMENT,
           "a short array to throw INVALID_ARGUMENT");
    batch.observe(after, masks, to_play);
    expect(before == after, "a refused step to change no game");
    dangian::Batch moved = std::move(batch);
    expect(moved.get() != nullptr && batch.get() == nullptr, "a move to transfer the batch");

    dangian::Game game(dangian::Kind::Domino, 3);
    DgPlayouts p = game.playouts(9, 5);
    DgPlayouts q = game.playouts(9, 5);
    expect(p.playouts == 5 && p.actions >= p.decisions && p.decisions > 0, "playouts counted");
    expect(p.actions == q.actions && p.wins[0] == q.wins[0], "playouts reproducible");
    expect(game.move_number() == 0, "playouts leave the game as it was");
}

} // namespace

int main(int argc, char **argv) {
    try {
        expect(dg_abi_version() == DANGIAN_ABI_VERSION, "the ABI version to match");
        if (argc == 1) {
            words_and_fair_chance();
            error_paths();
            batch_and_playouts();
            for (dangian::Kind kind :
                 {dangian::Kind::OAnQuan, dangian::Kind::CaNgua, dangian::Kind::Domino})
                play(kind, 7);
            for (dangian::Kind kind :
                 {dangian::Kind::OAnQuan, dangian::Kind::CaNgua, dangian::Kind::Domino})
                bots(kind, 7);
            return 0;
        }
        for (int i = 1; i < argc; i++) {
            dangian::Game game = dangian::Game::load(read_file(argv[i]));
            std::cout << "vector " << argv[i] << " hash " << hex16(game.state_hash()) << " state "
                      << game.state_json() << '\n';
        }
    } catch (const dangian::Error &e) {
        std::cerr << "dangian error " << e.status() << ": " << e.what() << '\n';
        return 1;
    }
    return 0;
}
