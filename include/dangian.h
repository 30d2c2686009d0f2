/*
 * dangian: rules engines for Ô ăn quan, Cờ cá ngựa and Domino — C API.
 *
 * Generated from the Rust sources; do not edit.
 *
 * Conventions:
 *  - Status codes: every function returns a DgStatus (but dg_abi_version, and dg_game_free,
 *    which returns nothing). DG_STATUS_OK is 0; the values are fixed and never reused.
 *  - Out-parameters are written only on success; the one exception is the length
 *    out-parameter of a buffer, which gets the needed length on DG_STATUS_BUFFER_TOO_SMALL.
 *    NULL for a required pointer gives DG_STATUS_NULL_POINTER before anything else happens.
 *    Integer arguments standing for an enum (a game kind, a seat) are validated:
 *    DG_STATUS_INVALID_ARGUMENT.
 *  - Pointers: NULL is refused where the header does not allow it; a pointer that is not NULL
 *    must be valid for what it says (a live DgGame from this library, a writable out-parameter,
 *    a buffer of cap elements, an input of len bytes): the library cannot check that.
 *  - Ownership: a DgGame* from dg_game_new, dg_game_new_preset, dg_game_from_state_json,
 *    dg_game_load or dg_game_clone is owned by the caller and freed with dg_game_free,
 *    exactly once; dg_game_free(NULL) does nothing. The
 *    library never keeps a pointer the caller passed, and never hands out memory the caller
 *    must free: results are copied into caller-owned buffers.
 *  - Buffers and size queries: pass the buffer and its capacity (bytes for text, elements
 *    for arrays); the length is written to *len_out. A buffer too small for the result gives
 *    DG_STATUS_BUFFER_TOO_SMALL with the needed length in *len_out and nothing else written;
 *    so call once with (NULL, 0) to ask for the size, then again with a buffer that big. Text
 *    is UTF-8 with an explicit length; a NUL byte follows it when the buffer has room (ask for
 *    length + 1 to get a C string). Text input is UTF-8 with an explicit length, never
 *    NUL-terminated by contract.
 *  - Errors: a failed call leaves the game unchanged (its state, its RNG, its last events);
 *    dg_last_error gives the reason as text, and after DG_STATUS_ILLEGAL_ACTION
 *    dg_last_reason gives its stable code (a DgReason value). Both belong to the calling
 *    thread and stay until the next failure on that thread.
 *  - What a host may show a seat (Domino hides hands and the chợ): dg_game_view_json,
 *    dg_game_view_hash, dg_game_legal_actions_for, dg_game_events_json for that seat,
 *    dg_domino_board for that seat, dg_bot_choose / dg_bot_hints asked for that seat,
 *    dg_game_describe_action / dg_game_describe_events for that seat; dg_game_fairness_json
 *    to every seat. Everything else can name hidden tiles and is for the host alone: dg_game_state_json,
 *    dg_game_state_hash, dg_game_board_text, dg_game_legal_actions and
 *    dg_game_chance_outcomes (at a chance point they list the chợ, on a seat's turn its
 *    playable tiles), dg_game_events_json and dg_game_describe_* with DG_ALL_SEATS, and
 *    dg_game_save before the game is over. A saved game holds no RNG state (with fair chance
 *    it holds the server seed only once the game is over).
 *  - Panics: no function unwinds into C. An internal error (a bug) returns DG_STATUS_PANIC;
 *    if that call was changing a handle, the handle is poisoned: every later call on it but
 *    dg_game_free returns DG_STATUS_POISONED.
 *  - Thread safety: the functions without a DgGame argument may be called from any thread.
 *    A DgGame may be moved between threads but must not be used from two threads at once
 *    (not even for reading); different handles are independent, so one handle per thread
 *    (dg_game_clone) needs no locking.
 */

#ifndef DANGIAN_H
#define DANGIAN_H

#include <stddef.h>
#include <stdint.h>
#define DANGIAN_VERSION "0.3.0"
#define DANGIAN_ABI_VERSION 3
/* dg_game_to_move: chance (a roll, a deal, a draw) is to move. */
#define DG_TO_MOVE_CHANCE (-1)
/* dg_game_to_move: the game is over. */
#define DG_TO_MOVE_OVER (-2)
/* dg_game_events_json and dg_game_describe_*: everything, unredacted (for a trusted host). */
#define DG_ALL_SEATS (-1)
/* The most actions (or chance outcomes) ever legal at once: a buffer this big always suffices. */
#define DG_MAX_ACTIONS 64
/* The most seats any game has: the length of the per-seat arrays of the structs. */
#define DG_MAX_SEATS 4
/* Longest config JSON read, in bytes: dg_game_new refuses a longer one before parsing it. */
#define DG_MAX_CONFIG_JSON 16384
/* Longest position JSON read, in bytes: dg_game_from_state_json refuses a longer one before parsing it. */
#define DG_MAX_STATE_JSON 65536
/* Longest record JSON read, in bytes: dg_game_load and dg_record_verify refuse a longer one before parsing it. */
#define DG_MAX_RECORD_JSON 16777216
/* The most actions a record may list (fewer when its config bounds the game); counted while read. */
#define DG_MAX_RECORD_ACTIONS 1048576
/* Longest action text read, in bytes (dg_game_action_id). */
#define DG_MAX_ACTION_TEXT 64
/* The most events dg_game_describe_events describes; one last line sums up the rest. */
#define DG_MAX_DESCRIBED_EVENTS 1000
/* dg_game_set_fair_chance: the most player seeds (more: DG_STATUS_INVALID_ARGUMENT). */
#define DG_MAX_PLAYER_SEEDS 16
/* dg_game_set_fair_chance: the longest player seed, in bytes of UTF-8. */
#define DG_MAX_PLAYER_SEED_BYTES 256
/* dg_game_set_fair_chance: the longest player_seeds_json argument, in bytes. */
#define DG_MAX_PLAYER_SEEDS_JSON 65536


/**
 * The result of every `dg_` function. Values are fixed and never reused.
 */
typedef enum DgStatus {
  /**
   * Success.
   */
  DG_STATUS_OK = 0,
  /**
   * A required pointer argument was NULL (or a buffer was NULL with a capacity above 0).
   */
  DG_STATUS_NULL_POINTER = 1,
  /**
   * An integer argument is out of range (a game kind, a seat, a level, a flag, a length).
   */
  DG_STATUS_INVALID_ARGUMENT = 2,
  /**
   * The output buffer is too small; the needed length was written to the length out-parameter.
   */
  DG_STATUS_BUFFER_TOO_SMALL = 3,
  /**
   * Text input is not valid UTF-8.
   */
  DG_STATUS_INVALID_UTF8 = 4,
  /**
   * JSON input cannot be read (a syntax error), or it is not a state of the game.
   */
  DG_STATUS_INVALID_JSON = 5,
  /**
   * The config is not a config of this game, or it fails validation; or no preset has
   * this name.
   */
  DG_STATUS_INVALID_CONFIG = 6,
  /**
   * The action id (or text) is not an action of this game.
   */
  DG_STATUS_UNKNOWN_ACTION = 7,
  /**
   * The action is illegal now (`dg_last_error` says why, `dg_last_reason` gives the
   * reason's code). The game is unchanged.
   */
  DG_STATUS_ILLEGAL_ACTION = 8,
  /**
   * The action was chosen for another move number. The game is unchanged.
   */
  DG_STATUS_STALE_ACTION = 9,
  /**
   * The operation needs chance to be to move.
   */
  DG_STATUS_NOT_CHANCE = 10,
  /**
   * The game is not over yet.
   */
  DG_STATUS_NOT_OVER = 11,
  /**
   * A saved game cannot be loaded (not a record, wrong format or rules version, a bad
   * config, an unreadable or illegal action, a final hash that differs).
   */
  DG_STATUS_INVALID_RECORD = 12,
  /**
   * The handle is of another game than the function needs.
   */
  DG_STATUS_WRONG_GAME = 13,
  /**
   * An internal error (a bug) was caught before reaching the caller. If the call was
   * changing the handle, the handle is now poisoned.
   */
  DG_STATUS_PANIC = 14,
  /**
   * An earlier call on this handle failed with `DG_STATUS_PANIC` while changing it: its
   * state cannot be trusted. Only `dg_game_free` accepts it now.
   */
  DG_STATUS_POISONED = 15,
  /**
   * The operation needs the given seat to be the one to decide (a bot's choice or
   * hints), but chance, nobody or another seat is to move.
   */
  DG_STATUS_NO_DECISION = 16,
  /**
   * The position is not a possible position of the game (`dg_game_from_state_json`).
   */
  DG_STATUS_INVALID_STATE = 17,
  /**
   * A record's chance cannot be proven fair (`dg_record_verify`): it carries no
   * commitment, the server seed is not revealed or does not match the commitment, it
   * starts from a chosen position, or a chance action is not the one the committed seeds
   * give (`dg_last_error` names it). Also fair chance set up too late or with other seeds
   * than those committed to (`dg_game_set_fair_chance`), and chance played on a game
   * loaded from a fair record before its server seed is set again.
   */
  DG_STATUS_UNFAIR = 18,
  /**
   * The bytes are not an Ô ăn quan proof certificate or strategy, or the certificate does
   * not prove its claim (`dg_o_an_quan_install_certificate`; `dg_last_error` says why).
   */
  DG_STATUS_INVALID_CERTIFICATE = 19
} DgStatus;

/**
 * The game kinds, as passed to `dg_game_new`.
 */
typedef enum DgGameKind {
  /**
   * Ô ăn quan.
   */
  DG_GAME_KIND_O_AN_QUAN = 0,
  /**
   * Cờ cá ngựa.
   */
  DG_GAME_KIND_CA_NGUA = 1,
  /**
   * Domino.
   */
  DG_GAME_KIND_DOMINO = 2
} DgGameKind;

/**
 * Why an action is illegal: the value `dg_last_reason` gives after
 * `DG_STATUS_ILLEGAL_ACTION`. Values are fixed and never reused: Ô ăn quan 100–199, Cờ cá
 * ngựa 200–299, Domino 300–399; 0 is no reason.
 */
typedef enum DgReason {
  /**
   * No reason: the last failure was not an illegal action (or nothing failed yet).
   */
  DG_REASON_NONE = 0,
  /**
   * Ô ăn quan: `game_over`.
   */
  DG_REASON_O_AN_QUAN_GAME_OVER = 100,
  /**
   * Ô ăn quan: `not_own_square`.
   */
  DG_REASON_O_AN_QUAN_NOT_OWN_SQUARE = 101,
  /**
   * Ô ăn quan: `empty_square`.
   */
  DG_REASON_O_AN_QUAN_EMPTY_SQUARE = 102,
  /**
   * Ô ăn quan: `direction_not_allowed`.
   */
  DG_REASON_O_AN_QUAN_DIRECTION_NOT_ALLOWED = 103,
  /**
   * Ô ăn quan: `quan_capture_on_first_move`.
   */
  DG_REASON_O_AN_QUAN_QUAN_CAPTURE_ON_FIRST_MOVE = 104,
  /**
   * Cờ cá ngựa: `game_over`.
   */
  DG_REASON_CA_NGUA_GAME_OVER = 200,
  /**
   * Cờ cá ngựa: `malformed`.
   */
  DG_REASON_CA_NGUA_MALFORMED = 201,
  /**
   * Cờ cá ngựa: `roll_due`.
   */
  DG_REASON_CA_NGUA_ROLL_DUE = 202,
  /**
   * Cờ cá ngựa: `move_due`.
   */
  DG_REASON_CA_NGUA_MOVE_DUE = 203,
  /**
   * Cờ cá ngựa: `wrong_dice`.
   */
  DG_REASON_CA_NGUA_WRONG_DICE = 204,
  /**
   * Cờ cá ngựa: `not_in_yard`.
   */
  DG_REASON_CA_NGUA_NOT_IN_YARD = 205,
  /**
   * Cờ cá ngựa: `not_lowest_in_yard`.
   */
  DG_REASON_CA_NGUA_NOT_LOWEST_IN_YARD = 206,
  /**
   * Cờ cá ngựa: `not_an_exit_roll`.
   */
  DG_REASON_CA_NGUA_NOT_AN_EXIT_ROLL = 207,
  /**
   * Cờ cá ngựa: `exit_already_taken`.
   */
  DG_REASON_CA_NGUA_EXIT_ALREADY_TAKEN = 208,
  /**
   * Cờ cá ngựa: `roll_partly_used`.
   */
  DG_REASON_CA_NGUA_ROLL_PARTLY_USED = 209,
  /**
   * Cờ cá ngựa: `start_occupied`.
   */
  DG_REASON_CA_NGUA_START_OCCUPIED = 210,
  /**
   * Cờ cá ngựa: `in_yard`.
   */
  DG_REASON_CA_NGUA_IN_YARD = 211,
  /**
   * Cờ cá ngựa: `not_on_track`.
   */
  DG_REASON_CA_NGUA_NOT_ON_TRACK = 212,
  /**
   * Cờ cá ngựa: `distance_not_rolled`.
   */
  DG_REASON_CA_NGUA_DISTANCE_NOT_ROLLED = 213,
  /**
   * Cờ cá ngựa: `past_door`.
   */
  DG_REASON_CA_NGUA_PAST_DOOR = 214,
  /**
   * Cờ cá ngựa: `blocked`.
   */
  DG_REASON_CA_NGUA_BLOCKED = 215,
  /**
   * Cờ cá ngựa: `lands_on_own`.
   */
  DG_REASON_CA_NGUA_LANDS_ON_OWN = 216,
  /**
   * Cờ cá ngựa: `safe_square`.
   */
  DG_REASON_CA_NGUA_SAFE_SQUARE = 217,
  /**
   * Cờ cá ngựa: `no_movement`.
   */
  DG_REASON_CA_NGUA_NO_MOVEMENT = 218,
  /**
   * Cờ cá ngựa: `not_on_door`.
   */
  DG_REASON_CA_NGUA_NOT_ON_DOOR = 219,
  /**
   * Cờ cá ngựa: `not_in_home`.
   */
  DG_REASON_CA_NGUA_NOT_IN_HOME = 220,
  /**
   * Cờ cá ngựa: `locked`.
   */
  DG_REASON_CA_NGUA_LOCKED = 221,
  /**
   * Cờ cá ngựa: `home_actions_used`.
   */
  DG_REASON_CA_NGUA_HOME_ACTIONS_USED = 222,
  /**
   * Cờ cá ngựa: `step_not_rolled`.
   */
  DG_REASON_CA_NGUA_STEP_NOT_ROLLED = 223,
  /**
   * Cờ cá ngựa: `step_out_of_range`.
   */
  DG_REASON_CA_NGUA_STEP_OUT_OF_RANGE = 224,
  /**
   * Cờ cá ngựa: `home_blocked`.
   */
  DG_REASON_CA_NGUA_HOME_BLOCKED = 225,
  /**
   * Cờ cá ngựa: `must_kick`.
   */
  DG_REASON_CA_NGUA_MUST_KICK = 226,
  /**
   * Domino: `game_over`.
   */
  DG_REASON_DOMINO_GAME_OVER = 300,
  /**
   * Domino: `chance_to_act`.
   */
  DG_REASON_DOMINO_CHANCE_TO_ACT = 301,
  /**
   * Domino: `player_to_act`.
   */
  DG_REASON_DOMINO_PLAYER_TO_ACT = 302,
  /**
   * Domino: `not_in_stock`.
   */
  DG_REASON_DOMINO_NOT_IN_STOCK = 303,
  /**
   * Domino: `not_in_hand`.
   */
  DG_REASON_DOMINO_NOT_IN_HAND = 304,
  /**
   * Domino: `no_match`.
   */
  DG_REASON_DOMINO_NO_MATCH = 305,
  /**
   * Domino: `lead_is_left`.
   */
  DG_REASON_DOMINO_LEAD_IS_LEFT = 306,
  /**
   * Domino: `market_not_allowed`.
   */
  DG_REASON_DOMINO_MARKET_NOT_ALLOWED = 307,
  /**
   * Domino: `market_empty`.
   */
  DG_REASON_DOMINO_MARKET_EMPTY = 308,
  /**
   * Domino: `market_on_lead`.
   */
  DG_REASON_DOMINO_MARKET_ON_LEAD = 309
} DgReason;

/**
 * The bot levels, as passed to `dg_bot_choose` and `dg_bot_hints`.
 */
typedef enum DgLevel {
  /**
   * For a beginner: a shallow search (Ô ăn quan, with some randomness) or one action of
   * look-ahead (the other games).
   */
  DG_LEVEL_EASY = 0,
  /**
   * A short search.
   */
  DG_LEVEL_MEDIUM = 1,
  /**
   * The full search, tens of milliseconds at most per decision. Stronger still:
   * `dg_bot_choose_budget`, which searches for a time the host sets.
   */
  DG_LEVEL_HARD = 2
} DgLevel;

/**
 * Whether an action wins, draws or loses by force, as in `DgHint::proven`.
 */
typedef enum DgProven {
  /**
   * Not proven: the bot's score is its own estimate.
   */
  DG_PROVEN_UNKNOWN = 0,
  /**
   * The mover wins whatever the opponent does.
   */
  DG_PROVEN_WIN = 1,
  /**
   * Neither side can do better than a draw.
   */
  DG_PROVEN_DRAW = 2,
  /**
   * The mover loses whatever it does.
   */
  DG_PROVEN_LOSS = 3
} DgProven;

/**
 * The languages of descriptions, as passed to `dg_game_describe_action`,
 * `dg_game_describe_events`, `dg_preset_name`, `dg_preset_summary`, `dg_game_seat_name` and
 * `dg_game_outcome_lines_json`.
 */
typedef enum DgLang {
  /**
   * Vietnamese.
   */
  DG_LANG_VI = 0,
  /**
   * English.
   */
  DG_LANG_EN = 1
} DgLang;

/**
 * `num_games` games of one kind stepped together (`dg_batch_step`), each with its own RNG
 * for chance, seeded from the batch's seed and the game's index. Chance is sampled inside up
 * to the next decision, and a finished game restarts at once, so a seat is always to move.
 * Create with `dg_batch_new`, free with `dg_batch_free`, exactly once. The same thread rules
 * as a `DgGame`: it may move between threads, but not be used from two at once.
 */
typedef struct DgBatch DgBatch;

/**
 * One game of any kind, with its own seeded RNG and the events of its last action. Create
 * with `dg_game_new`, `dg_game_new_preset`, `dg_game_from_state_json`, `dg_game_load` or
 * `dg_game_clone`; free with `dg_game_free`, exactly once. Thread safety: a handle may be
 * moved to another thread, but must not be used from two threads at once (not even for
 * reading: give each thread its own `dg_game_clone`); different handles are independent.
 */
typedef struct DgGame DgGame;

/**
 * The widths of a batch's arrays (`dg_batch_shape`): every array `dg_batch_observe` and
 * `dg_batch_step` fill has `num_games` rows of these widths.
 */
typedef struct DgBatchShape {
  /**
   * How many games.
   */
  uint32_t num_games;
  /**
   * Seats per game: the width of a row of rewards.
   */
  uint32_t seats;
  /**
   * The width of a row of observations (floats).
   */
  uint32_t observation_len;
  /**
   * How many action ids the game has: the width of a row of legal-action masks.
   */
  uint32_t action_ids;
} DgBatchShape;

/**
 * What `dg_game_playouts` counted over its playouts.
 */
typedef struct DgPlayouts {
  /**
   * Playouts played (each to its end).
   */
  uint64_t playouts;
  /**
   * Actions applied, chance included.
   */
  uint64_t actions;
  /**
   * Actions chosen by a seat (chance excluded).
   */
  uint64_t decisions;
  /**
   * How many seats play (entries past it are zero).
   */
  uint32_t seats;
  /**
   * Per seat, the playouts it ended in first place (shared first places count for each).
   */
  uint64_t wins[DG_MAX_SEATS];
  /**
   * Per seat, the sum of its final scores (the game's own score, as `DgOutcome`).
   */
  int64_t score_sums[DG_MAX_SEATS];
} DgPlayouts;

/**
 * An Ô ăn quan position. Cells are numbered as in the rules: 0 = left quan square,
 * 1..=5 = seat 0's squares, 6 = right quan square, 7..=11 = seat 1's squares.
 */
typedef struct DgOAnQuanBoard {
  /**
   * Small stones (dân) per cell.
   */
  uint32_t dan[12];
  /**
   * Per quan square (left, right): 1 while its big stone is on the board, else 0.
   */
  uint32_t big_on_board[2];
  /**
   * Per quan square: the seat that captured its big stone, or -1.
   */
  int32_t big_captured_by[2];
  /**
   * Captured dân per seat (negative while in debt).
   */
  int32_t captured_dan[2];
  /**
   * Big stones captured per seat.
   */
  uint32_t captured_quan[2];
  /**
   * Running score per seat (captured dân + quan value × captured big stones).
   */
  int32_t scores[2];
  /**
   * The seat to move, or `DG_TO_MOVE_OVER`.
   */
  int32_t to_move;
  /**
   * Plies played.
   */
  uint32_t ply;
} DgOAnQuanBoard;

/**
 * A tile on the Domino line, turned as it lies: `left` faces the left end.
 */
typedef struct DgDominoPlaced {
  /**
   * The half facing left.
   */
  uint8_t left;
  /**
   * The half facing right.
   */
  uint8_t right;
} DgDominoPlaced;

/**
 * What one seat sees of a Domino match: its own hand, and only public facts about the rest.
 */
typedef struct DgDominoBoard {
  /**
   * Whose view this is.
   */
  uint32_t seat;
  /**
   * How many seats play.
   */
  uint32_t players;
  /**
   * The round, from 1.
   */
  uint32_t round;
  /**
   * The stage: 0 deal, 1 lead, 2 play, 3 draw, 4 over.
   */
  uint32_t phase;
  /**
   * The seat to move, `DG_TO_MOVE_CHANCE` or `DG_TO_MOVE_OVER`.
   */
  int32_t to_move;
  /**
   * This seat's hand as a 28-bit mask: bit `i` is tile `i` (0-0 = 0, 0-1 = 1, …, 6-6 = 27).
   */
  uint32_t hand_mask;
  /**
   * Tiles held by each seat.
   */
  uint32_t hand_counts[4];
  /**
   * Tiles in the chợ (during the deal: not dealt yet).
   */
  uint32_t boneyard;
  /**
   * How many of them may be drawn.
   */
  uint32_t drawable;
  /**
   * Open ends (left, right), or -1 while the line is empty.
   */
  int32_t ends[2];
  /**
   * Tiles on the line.
   */
  uint32_t line_len;
  /**
   * The line, left to right (`line_len` entries).
   */
  struct DgDominoPlaced line[28];
  /**
   * Running penalty points per seat.
   */
  uint32_t scores[4];
} DgDominoBoard;

/**
 * A Cờ cá ngựa position. Colours are 0 red, 1 yellow, 2 blue, 3 green. A piece's progress is
 * -1 in the yard, `0..track_len-1` on the track (`track_len - 1` is the door), then
 * `track_len - 1 + k` on home step `k`.
 */
typedef struct DgCaNguaBoard {
  /**
   * Squares on the track (40, 48, 52 or 56).
   */
  uint32_t track_len;
  /**
   * Per colour: the seat (player) playing it, or -1 when the colour is not in play.
   */
  int32_t owner[4];
  /**
   * Progress of each piece, per colour (see above); -1 also for colours not in play.
   */
  int32_t progress[4][4];
  /**
   * The colour to move, or -1 when the game is over.
   */
  int32_t colour_to_move;
  /**
   * The seat to move, `DG_TO_MOVE_CHANCE` (the dice are to be rolled) or `DG_TO_MOVE_OVER`.
   */
  int32_t to_move;
  /**
   * The dice being played (0 when none; the second is 0 with one die).
   */
  uint32_t dice[2];
  /**
   * Tries left this turn (0 = an ordinary roll).
   */
  uint32_t tries_left;
  /**
   * Kicks made, per kicker colour and victim colour.
   */
  uint32_t kicks[4][4];
} DgCaNguaBoard;

/**
 * One legal action ranked by a bot: higher `score` is better for the seat to move.
 */
typedef struct DgHint {
  /**
   * The action id.
   */
  uint32_t action;
  /**
   * Simulations through it (Monte Carlo searches; 0 for the bots that do not simulate:
   * one-ply look-ahead and Ô ăn quan's alpha-beta).
   */
  uint32_t visits;
  /**
   * The bot's score for it, from 0 to 1 (a Monte Carlo search's mean reward, alpha-beta's
   * score mapped to 0..1).
   */
  double score;
  /**
   * Whether the action wins, draws or loses by force for the seat to move (a `DgProven`
   * value): known in Ô ăn quan where an endgame table or an installed proof certificate
   * covers the position (`dg_o_an_quan_install_certificate`); `DG_PROVEN_UNKNOWN`
   * otherwise. `dg_hint_proven_words` says it in words.
   */
  uint32_t proven;
  /**
   * The mover's final total minus the opponent's with best play by both (negative for a
   * loss), when `plies` is above 0; 0 otherwise.
   */
  int32_t margin;
  /**
   * The plies (this action included) within which the game ends with that result, when
   * the analysis measured it (an endgame table does; a certificate proves the result
   * alone): 0 when unknown.
   */
  uint32_t plies;
} DgHint;

/**
 * A chance outcome and its weight: its probability is `weight` divided by the sum of the
 * weights of all outcomes listed.
 */
typedef struct DgChanceOutcome {
  /**
   * The action id of the outcome.
   */
  uint32_t action;
  /**
   * Its weight.
   */
  uint32_t weight;
} DgChanceOutcome;

/**
 * The result of a finished game.
 */
typedef struct DgOutcome {
  /**
   * How many seats played (entries past it are zero).
   */
  uint32_t seats;
  /**
   * The game's own score per seat (Ô ăn quan points, Cờ cá ngựa kicks, Domino penalty points).
   */
  int32_t scores[DG_MAX_SEATS];
  /**
   * The place of each seat: 1 is best, equal places are shared, 0 is unplaced.
   */
  uint32_t places[DG_MAX_SEATS];
} DgOutcome;

#ifdef __cplusplus
extern "C" {
#endif /* __cplusplus */

/**
 * The ABI version of the library (`DANGIAN_ABI_VERSION` in the header it was built with).
 * A host checks it once at start-up against the header it was compiled with.
 */
uint32_t dg_abi_version(void);

/**
 * The library's version text (e.g. `0.3.0`, `DANGIAN_VERSION` in the header).
 *
 * # Safety
 * A NULL pointer is refused; otherwise `buf` holds `cap` bytes (or is NULL with `cap` 0),
 * `len_out` is writable.
 */
enum DgStatus dg_version(uint8_t *buf, size_t cap, size_t *len_out);

/**
 * Copy the message of the last failed call on this thread into `buf` (UTF-8, `*len_out`
 * bytes). An empty message when nothing has failed yet; successful calls leave it as it is,
 * and so does this function (a short buffer can be retried).
 *
 * # Safety
 * A NULL pointer is refused; otherwise `buf` holds `cap` bytes (or is NULL with `cap` 0),
 * `len_out` is writable.
 */
enum DgStatus dg_last_error(uint8_t *buf, size_t cap, size_t *len_out);

/**
 * The reason of the last failed call on this thread, as a `DgReason` value, into `*out`:
 * the stable code of why the action was illegal after `DG_STATUS_ILLEGAL_ACTION`, and
 * `DG_REASON_NONE` (0) after any other failure or before the first. Successful calls leave
 * it as it is, and so does this function.
 *
 * # Safety
 * A NULL pointer is refused; otherwise `out` is writable.
 */
enum DgStatus dg_last_reason(uint32_t *out);

/**
 * Create `num_games` (1 to `DG_MAX_BATCH_GAMES`) games of `kind` (a `DgGameKind` value)
 * under the config JSON in `config_json[0..config_len]` (as `dg_game_new`), game `i`
 * seeded from `seed` and `i`, each advanced to its first decision. The batch's own RNG, for
 * `dg_batch_random_actions`, is seeded by `seed` too. On success `*out` owns a new handle.
 *
 * # Safety
 * A NULL `out` is refused; `config_json` is NULL (with `config_len` 0) or holds
 * `config_len` bytes; `out` is writable.
 */
enum DgStatus dg_batch_new(uint32_t kind,
                           const uint8_t *config_json,
                           size_t config_len,
                           size_t num_games,
                           uint64_t seed,
                           struct DgBatch **out);

/**
 * Free a batch. NULL is allowed and does nothing; a poisoned batch is freed too. The handle
 * must not be used afterwards (nor freed again).
 *
 * # Safety
 * `batch` is NULL or a live handle from this library that no other thread uses, freed at
 * most once.
 */
void dg_batch_free(struct DgBatch *batch);

/**
 * The widths of the batch's arrays into `*out`.
 *
 * # Safety
 * A NULL pointer is refused; otherwise `batch` is a live handle, `out` is writable.
 */
enum DgStatus dg_batch_shape(const struct DgBatch *batch, struct DgBatchShape *out);

/**
 * Games finished (and restarted) since the batch was made or last reset, into `*out`.
 *
 * # Safety
 * A NULL pointer is refused; otherwise `batch` is a live handle, `out` is writable.
 */
enum DgStatus dg_batch_episodes(const struct DgBatch *batch, uint64_t *out);

/**
 * Start every game anew, game `i` seeded from `seed` and `i` exactly as by `dg_batch_new`,
 * and reseed the batch's own RNG with `seed`.
 *
 * # Safety
 * A NULL pointer is refused; otherwise `batch` is a live handle.
 */
enum DgStatus dg_batch_reset(struct DgBatch *batch, uint64_t seed);

/**
 * Write every game's observation of its seat to move, its legal-action mask (1 for a legal
 * id, else 0) and that seat into the rows of `observations`, `masks` and `to_play`, whose
 * lengths (in elements) must be exactly `num_games` times the widths of `dg_batch_shape`
 * (`DG_STATUS_INVALID_ARGUMENT` otherwise, nothing written). `observations` and `masks`
 * may be left out: NULL with length 0, and nothing is computed for them.
 *
 * # Safety
 * A NULL pointer is refused; otherwise `batch` is a live handle, each array is writable for
 * its length, and no two arrays overlap.
 */
enum DgStatus dg_batch_observe(const struct DgBatch *batch,
                               float *observations,
                               size_t observations_len,
                               uint8_t *masks,
                               size_t masks_len,
                               int32_t *to_play,
                               size_t to_play_len);

/**
 * Play `actions[i]` (an action id) in game `i` for its seat to move, sample chance up to the
 * next decision, restart a finished game, and fill the rows of game `i`: its new
 * observation, legal-action mask and seat to move, the returns per seat in `rewards` on the
 * step the game ended (from −1 to +1; else 0), and `dones[i]` 1 when it ended (it has
 * restarted since), else 0. Every length (in elements) must be exactly `num_games` times the
 * widths of `dg_batch_shape`, but `observations` and `masks` may be left out (NULL with
 * length 0): a host that does not read them, such as a rollout, does not pay for them.
 *
 * Every argument and every action is checked before any game is played: after an error (a
 * NULL pointer, a wrong length, `DG_STATUS_UNKNOWN_ACTION` or `DG_STATUS_ILLEGAL_ACTION`
 * for the first bad action, whose game `dg_last_error` names) no game has changed and
 * nothing was written. A step allocates nothing.
 *
 * # Safety
 * A NULL pointer is refused; otherwise `batch` is a live handle, `actions` is readable for
 * `actions_len` ids, each other array is writable for its length, and no two arrays
 * overlap.
 */
enum DgStatus dg_batch_step(struct DgBatch *batch,
                            const uint32_t *actions,
                            size_t actions_len,
                            float *observations,
                            size_t observations_len,
                            uint8_t *masks,
                            size_t masks_len,
                            float *rewards,
                            size_t rewards_len,
                            uint8_t *dones,
                            size_t dones_len,
                            int32_t *to_play,
                            size_t to_play_len);

/**
 * A uniformly random legal action id per game into `out[0..out_len]` (`out_len` must be
 * `num_games`), drawn from the batch's own RNG: the actions for a random `dg_batch_step`.
 *
 * # Safety
 * A NULL pointer is refused; otherwise `batch` is a live handle, `out` is writable for
 * `out_len` ids.
 */
enum DgStatus dg_batch_random_actions(struct DgBatch *batch, uint32_t *out, size_t out_len);

/**
 * Play `count` random playouts from the game's current position inside the library, each
 * to its end, and count them into `*out`: playout `i` draws every chance outcome and every
 * seat's uniformly random legal action from an RNG seeded from `seed` and `i` (the seeds of
 * a batch's games), so the same call gives the same counts. The handle is not changed (its
 * RNG neither). Nothing is allocated; the time grows with `count`.
 *
 * # Safety
 * A NULL pointer is refused; otherwise `game` is a live handle, `out` is writable.
 */
enum DgStatus dg_game_playouts(const struct DgGame *game,
                               uint64_t seed,
                               uint64_t count,
                               struct DgPlayouts *out);

/**
 * The Ô ăn quan board of `game` (`DG_STATUS_WRONG_GAME` for another game).
 *
 * # Safety
 * A NULL pointer is refused; otherwise `game` is a live handle, `out` is writable.
 */
enum DgStatus dg_o_an_quan_board(const struct DgGame *game, struct DgOAnQuanBoard *out);

/**
 * What `seat` sees of the Domino match in `game` (`DG_STATUS_WRONG_GAME` for another game,
 * `DG_STATUS_INVALID_ARGUMENT` for a seat not at the table). Safe to send to that seat.
 *
 * # Safety
 * A NULL pointer is refused; otherwise `game` is a live handle, `out` is writable.
 */
enum DgStatus dg_domino_board(const struct DgGame *game, uint32_t seat, struct DgDominoBoard *out);

/**
 * The Cờ cá ngựa board of `game` (`DG_STATUS_WRONG_GAME` for another game).
 *
 * # Safety
 * A NULL pointer is refused; otherwise `game` is a live handle, `out` is writable.
 */
enum DgStatus dg_ca_ngua_board(const struct DgGame *game, struct DgCaNguaBoard *out);

/**
 * The action a bot of `level` (a `DgLevel` value) seeded with `seed` plays for `seat`, into
 * `*out`. `seat` must be the seat to move (`DG_STATUS_NO_DECISION` when chance, nobody or
 * another seat is to move), so a host never asks by mistake for another seat's move. The bot
 * sees only what `seat` may see. Deterministic: the same position, level and seed always
 * give the same action, on every platform.
 *
 * # Safety
 * A NULL pointer is refused; otherwise `game` is a live handle, `out` is writable.
 */
enum DgStatus dg_bot_choose(const struct DgGame *game,
                            uint32_t seat,
                            uint32_t level_value,
                            uint64_t seed,
                            uint32_t *out);

/**
 * Every legal action of `seat`, which must be the seat to move, ranked by a bot of `level`,
 * best first, into `buf[0..cap]`; their number into `*len_out` (at most `DG_MAX_ACTIONS`).
 * For a hint button. `DG_STATUS_NO_DECISION` when chance, nobody or another seat is to move.
 *
 * # Safety
 * A NULL pointer is refused; otherwise `game` is a live handle, `buf` holds `cap` hints (or
 * is NULL with `cap` 0), `len_out` is writable.
 */
enum DgStatus dg_bot_hints(const struct DgGame *game,
                           uint32_t seat,
                           uint32_t level_value,
                           uint64_t seed,
                           struct DgHint *buf,
                           size_t cap,
                           size_t *len_out);

/**
 * The action the expert plays for `seat`, into `*out`: the strongest search of the game
 * given `milliseconds` of wall-clock time (at least 1), seeded with `seed`. `seat` must be
 * the seat to move (`DG_STATUS_NO_DECISION` otherwise); the bot sees only what `seat` may
 * see. Given 100 ms or more it is stronger than `DG_LEVEL_HARD` in Ô ăn quan and Domino,
 * and in Cờ cá ngựa (where its playouts follow a learned evaluation); its choice depends on
 * the machine's speed and load, so unlike the levels it is **not reproducible**. It blocks
 * the calling thread for about `milliseconds`.
 *
 * # Safety
 * A NULL pointer is refused; otherwise `game` is a live handle, `out` is writable.
 */
enum DgStatus dg_bot_choose_budget(const struct DgGame *game,
                                   uint32_t seat,
                                   uint32_t milliseconds,
                                   uint64_t seed,
                                   uint32_t *out);

/**
 * The proven result of `*hint` (`DgHint::proven`, `margin`, `plies`) in words in `lang` (a
 * `DgLang` value), for a hint button: "thắng chắc, hơn 12 điểm" / "wins by force, by 12
 * points", "hoà chắc" / "draws by force", "thua chắc, kém 3 điểm" / "loses by force, by 3
 * points"; without a measured margin "thắng chắc" / "wins by force", "thua chắc" / "loses
 * by force"; empty text for `DG_PROVEN_UNKNOWN`. `DG_STATUS_INVALID_ARGUMENT` for fields
 * that no hint has (an unknown `proven` value, a margin that contradicts it).
 *
 * # Safety
 * A NULL pointer is refused; otherwise `hint` is readable, `buf` holds `cap` bytes (or is
 * NULL with `cap` 0), `len_out` is writable.
 */
enum DgStatus dg_hint_proven_words(const struct DgHint *hint,
                                   uint32_t lang,
                                   uint8_t *buf,
                                   size_t cap,
                                   size_t *len_out);

/**
 * Installs an Ô ăn quan proof certificate for the whole process, from the bytes of a
 * certificate file or a strategy file (the `.dgstrat.gz` files of `certificates/o_an_quan/` in the source
 * repository, decompressed: gzip-compressed bytes are refused) in `bytes[0..len]`. Every
 * record is checked first; from then on the medium and hard levels (and the expert) play
 * the proven move wherever the certificate covers the position, and `dg_bot_hints` marks
 * it `DG_PROVEN_WIN` (every move of the other seat `DG_PROVEN_LOSS`). Easy stays as it is.
 * The seed rules' strategy (7.4 MB decompressed) takes about 20 s to read and check,
 * peaks at 0.7 GB and keeps 230 MB: call it once, off the thread that draws. Installing the
 * same certificate twice does nothing; at most eight are kept (the oldest goes).
 * `DG_STATUS_INVALID_CERTIFICATE` when the bytes are not a certificate or strategy or a
 * record does not hold (`dg_last_error` says which); nothing is installed then.
 *
 * # Safety
 * A NULL pointer is refused; otherwise `bytes` holds `len` bytes, unchanged during the
 * call.
 */
enum DgStatus dg_o_an_quan_install_certificate(const uint8_t *bytes,
                                               size_t len);

/**
 * Removes every installed Ô ăn quan certificate (`dg_o_an_quan_install_certificate`); the
 * bots play by search alone again.
 */
enum DgStatus dg_o_an_quan_uninstall_certificates(void);

/**
 * The name of game kind `kind` (a `DgGameKind` value) as records write it: `o_an_quan`,
 * `ca_ngua` or `domino`.
 *
 * # Safety
 * A NULL pointer is refused; otherwise `buf` holds `cap` bytes (or is NULL with `cap` 0),
 * `len_out` is writable.
 */
enum DgStatus dg_game_kind_name(uint32_t kind, uint8_t *buf, size_t cap, size_t *len_out);

/**
 * The preset names of game kind `kind` as a JSON array of strings, `"seed_rules"` first
 * (for `dg_game_new_preset`).
 *
 * # Safety
 * A NULL pointer is refused; otherwise `buf` holds `cap` bytes (or is NULL with `cap` 0),
 * `len_out` is writable.
 */
enum DgStatus dg_game_presets_json(uint32_t kind, uint8_t *buf, size_t cap, size_t *len_out);

/**
 * The presets a table of game kind `kind` offers, as a JSON array of strings, its default
 * first (for a rules menu: a subset of `dg_game_presets_json`, chosen so that games against
 * the bots end like games; the other presets stay playable).
 *
 * # Safety
 * A NULL pointer is refused; otherwise `buf` holds `cap` bytes (or is NULL with `cap` 0),
 * `len_out` is writable.
 */
enum DgStatus dg_game_table_presets_json(uint32_t kind, uint8_t *buf, size_t cap, size_t *len_out);

/**
 * Create a game of `kind` (a `DgGameKind` value) under the config JSON in
 * `config_json[0..config_len]`: a JSON object whose missing fields take their defaults
 * (NULL with length 0, an empty text and `{}` are the seed rules; longer than
 * `DG_MAX_CONFIG_JSON` bytes is `DG_STATUS_INVALID_CONFIG`, unparsed). The handle's own RNG,
 * for `dg_game_play_chance`, is seeded by `seed`. On success `*out` owns a new handle.
 *
 * # Safety
 * A NULL `out` is refused; `config_json` is NULL (with `config_len` 0) or holds
 * `config_len` bytes; `out` is writable.
 */
enum DgStatus dg_game_new(uint32_t kind,
                          const uint8_t *config_json,
                          size_t config_len,
                          uint64_t seed,
                          struct DgGame **out);

/**
 * Create a game of `kind` under the preset named `name[0..name_len]` (see
 * `dg_game_presets_json`; `DG_STATUS_INVALID_CONFIG` for an unknown name), its RNG seeded
 * by `seed`.
 *
 * # Safety
 * A NULL pointer is refused; otherwise `name` holds `name_len` bytes, `out` is writable.
 */
enum DgStatus dg_game_new_preset(uint32_t kind,
                                 const uint8_t *name,
                                 size_t name_len,
                                 uint64_t seed,
                                 struct DgGame **out);

/**
 * Create a game of `kind` from a position: the state JSON in `json[0..len]`, as
 * `dg_game_state_json` writes it (it holds its config), validated like every other state
 * (`DG_STATUS_INVALID_JSON` for text that is not JSON, `DG_STATUS_INVALID_STATE` for JSON
 * that is not a state of the game or an impossible position, or, unparsed, for one longer
 * than `DG_MAX_STATE_JSON` bytes). For tutorials, puzzles and a server restoring a table; its saved
 * game starts from this position. The RNG is seeded by `seed`.
 *
 * # Safety
 * A NULL pointer is refused; otherwise `json` holds `len` bytes, `out` is writable.
 */
enum DgStatus dg_game_from_state_json(uint32_t kind,
                                      const uint8_t *json,
                                      size_t len,
                                      uint64_t seed,
                                      struct DgGame **out);

/**
 * Load a saved game from `json[0..len]` — a record as `dg_game_save` writes it, or a
 * document whose `record` field holds one (the golden vector files) — replaying and
 * verifying every action and the final hash: `DG_STATUS_INVALID_JSON` for text that is not
 * JSON, `DG_STATUS_INVALID_RECORD` for anything wrong with the record (one longer than
 * `DG_MAX_RECORD_JSON` bytes is refused unparsed; its actions are counted while they are
 * read, against the most its config allows). A record holds no
 * RNG state: the new handle's RNG, for the chance still to come, is seeded by `seed`. A fair
 * record keeps its commitment: `dg_game_play_chance` is `DG_STATUS_UNFAIR` until
 * `dg_game_set_fair_chance` is given the same server seed and player seeds again.
 *
 * # Safety
 * A NULL pointer is refused; otherwise `json` holds `len` bytes, `out` is writable.
 */
enum DgStatus dg_game_load(const uint8_t *json, size_t len, uint64_t seed, struct DgGame **out);

/**
 * Free a handle. NULL is allowed and does nothing; a poisoned handle is freed too. The
 * handle must not be used afterwards (nor freed again).
 *
 * # Safety
 * `game` is NULL or a live handle from this library that no other thread uses, freed at
 * most once.
 */
void dg_game_free(struct DgGame *game);

/**
 * Copy a game (with its RNG state, its record and the events of its last action) into a
 * new handle `*out`, e.g. to hand one to another thread or to search ahead.
 *
 * # Safety
 * A NULL pointer is refused; otherwise `game` is a live handle, `out` is writable.
 */
enum DgStatus dg_game_clone(const struct DgGame *game, struct DgGame **out);

/**
 * The game's kind (a `DgGameKind` value).
 *
 * # Safety
 * A NULL pointer is refused; otherwise `game` is a live handle, `out` is writable.
 */
enum DgStatus dg_game_kind(const struct DgGame *game, uint32_t *out);

/**
 * How many seats play.
 *
 * # Safety
 * A NULL pointer is refused; otherwise `game` is a live handle, `out` is writable.
 */
enum DgStatus dg_game_seats(const struct DgGame *game, uint32_t *out);

/**
 * Who acts next: a seat number (0, 1, …), `DG_TO_MOVE_CHANCE` or `DG_TO_MOVE_OVER`.
 *
 * # Safety
 * A NULL pointer is refused; otherwise `game` is a live handle, `out` is writable.
 */
enum DgStatus dg_game_to_move(const struct DgGame *game, int32_t *out);

/**
 * How many actions (chance outcomes included) have been applied: the number to pass to
 * `dg_game_apply_at`.
 *
 * # Safety
 * A NULL pointer is refused; otherwise `game` is a live handle, `out` is writable.
 */
enum DgStatus dg_game_move_number(const struct DgGame *game, uint32_t *out);

/**
 * The most actions any game under this handle's config can last (its end is certain by
 * then).
 *
 * # Safety
 * A NULL pointer is refused; otherwise `game` is a live handle, `out` is writable.
 */
enum DgStatus dg_game_max_moves(const struct DgGame *game, uint32_t *out);

/**
 * The stable 64-bit hash of the whole state (the same in every language and on every
 * platform). It identifies hidden Domino tiles: for the host only, never shown to a seat
 * during play (`dg_game_view_hash` is the seat's).
 *
 * # Safety
 * A NULL pointer is refused; otherwise `game` is a live handle, `out` is writable.
 */
enum DgStatus dg_game_state_hash(const struct DgGame *game, uint64_t *out);

/**
 * The stable 64-bit hash of what `seat` sees (`dg_game_view_json`): what a seat's client and
 * the server compare to agree on a position. Safe to send to that seat.
 *
 * # Safety
 * A NULL pointer is refused; otherwise `game` is a live handle, `out` is writable.
 */
enum DgStatus dg_game_view_hash(const struct DgGame *game, uint32_t seat, uint64_t *out);

/**
 * Every action legal now, ascending, into `buf[0..cap]`; their number into `*len_out` (0 when
 * the game is over). At a chance point they are the chance outcomes. For the host: at a
 * Domino chance point they name the tiles in the chợ, and on a seat's turn its playable
 * tiles; send a seat `dg_game_legal_actions_for` instead. At most `DG_MAX_ACTIONS`.
 *
 * # Safety
 * A NULL pointer is refused; otherwise `game` is a live handle, `buf` holds `cap` ids (or is NULL
 * with `cap` 0), `len_out` is writable.
 */
enum DgStatus dg_game_legal_actions(const struct DgGame *game,
                                    uint32_t *buf,
                                    size_t cap,
                                    size_t *len_out);

/**
 * The actions `seat` may take now, ascending (none unless it is that seat's turn): safe to
 * send to that seat. At most `DG_MAX_ACTIONS`.
 *
 * # Safety
 * A NULL pointer is refused; otherwise `game` is a live handle, `buf` holds `cap` ids (or is NULL
 * with `cap` 0), `len_out` is writable.
 */
enum DgStatus dg_game_legal_actions_for(const struct DgGame *game,
                                        uint32_t seat,
                                        uint32_t *buf,
                                        size_t cap,
                                        size_t *len_out);

/**
 * The chance outcomes with their weights (none unless chance is to move), at most
 * `DG_MAX_ACTIONS`. For the host.
 *
 * # Safety
 * A NULL pointer is refused; otherwise `game` is a live handle, `buf` holds `cap` outcomes (or is
 * NULL with `cap` 0), `len_out` is writable.
 */
enum DgStatus dg_game_chance_outcomes(const struct DgGame *game,
                                      struct DgChanceOutcome *buf,
                                      size_t cap,
                                      size_t *len_out);

/**
 * `DG_STATUS_OK` if the action is legal now; otherwise `DG_STATUS_UNKNOWN_ACTION` or
 * `DG_STATUS_ILLEGAL_ACTION`, and `dg_last_error` says why (e.g. which piece blocks the way)
 * while `dg_last_reason` gives the reason's code.
 *
 * # Safety
 * A NULL pointer is refused; otherwise `game` is a live handle.
 */
enum DgStatus dg_game_check(const struct DgGame *game, uint32_t action);

/**
 * Apply an action (a player's decision or a chance outcome chosen by the host). On failure
 * the game is unchanged (its events too). When events are on (`dg_game_set_events`) they are
 * then readable with `dg_game_events_json`.
 *
 * # Safety
 * A NULL pointer is refused; otherwise `game` is a live handle.
 */
enum DgStatus dg_game_apply(struct DgGame *game, uint32_t action);

/**
 * Apply an action only if the game is still at move `expected_move` (see
 * `dg_game_move_number`; `DG_STATUS_STALE_ACTION` otherwise): for servers receiving actions
 * late. On failure the game is unchanged.
 *
 * # Safety
 * A NULL pointer is refused; otherwise `game` is a live handle.
 */
enum DgStatus dg_game_apply_at(struct DgGame *game, uint32_t expected_move, uint32_t action);

/**
 * Apply a chance outcome given by the host (physical dice, a server's shuffle):
 * `DG_STATUS_NOT_CHANCE` when a player is to move or the game is over. On failure the game
 * is unchanged.
 *
 * # Safety
 * A NULL pointer is refused; otherwise `game` is a live handle.
 */
enum DgStatus dg_game_apply_chance(struct DgGame *game, uint32_t outcome);

/**
 * Sample a chance outcome from the handle's own seeded RNG (or, after
 * `dg_game_set_fair_chance`, derive it from the committed seeds), apply it, and write its
 * id to `*out` (`DG_STATUS_NOT_CHANCE` when a player is to move or the game is over;
 * `DG_STATUS_UNFAIR` on a game loaded from a fair record whose seeds are not set again;
 * nothing changes then, the RNG included).
 *
 * # Safety
 * A NULL pointer is refused; otherwise `game` is a live handle, `out` is writable.
 */
enum DgStatus dg_game_play_chance(struct DgGame *game, uint32_t *out);

/**
 * Whether to keep the events of each action for `dg_game_events_json`: 1 (the default for
 * a new handle) or 0. Off, applying an action costs no more than in the Rust engine, and the
 * events read as `[]`. Any other value is `DG_STATUS_INVALID_ARGUMENT`.
 *
 * # Safety
 * A NULL pointer is refused; otherwise `game` is a live handle.
 */
enum DgStatus dg_game_set_events(struct DgGame *game, uint32_t keep);

/**
 * The outcome, once over (`DG_STATUS_NOT_OVER` before).
 *
 * # Safety
 * A NULL pointer is refused; otherwise `game` is a live handle, `out` is writable.
 */
enum DgStatus dg_game_outcome(const struct DgGame *game, struct DgOutcome *out);

/**
 * The end reason of a finished game as its JSON name (e.g. `both_quan_squares_empty`;
 * `DG_STATUS_NOT_OVER` before the end).
 *
 * # Safety
 * A NULL pointer is refused; otherwise `game` is a live handle, `buf` holds `cap` bytes (or is
 * NULL with `cap` 0), `len_out` is writable.
 */
enum DgStatus dg_game_end_reason(const struct DgGame *game,
                                 uint8_t *buf,
                                 size_t cap,
                                 size_t *len_out);

/**
 * The whole state as JSON (what `dg_game_from_state_json` reads). It holds every hidden
 * tile: for the host only; send a seat `dg_game_view_json`.
 *
 * # Safety
 * A NULL pointer is refused; otherwise `game` is a live handle, `buf` holds `cap` bytes (or is
 * NULL with `cap` 0), `len_out` is writable.
 */
enum DgStatus dg_game_state_json(const struct DgGame *game,
                                 uint8_t *buf,
                                 size_t cap,
                                 size_t *len_out);

/**
 * The game's config as JSON, every field written out (what `{}` or a partial config became).
 *
 * # Safety
 * A NULL pointer is refused; otherwise `game` is a live handle, `buf` holds `cap` bytes (or is
 * NULL with `cap` 0), `len_out` is writable.
 */
enum DgStatus dg_game_config_json(const struct DgGame *game,
                                  uint8_t *buf,
                                  size_t cap,
                                  size_t *len_out);

/**
 * What `seat` may see, as JSON: safe to send to that seat's client
 * (`DG_STATUS_INVALID_ARGUMENT` for a seat not at the table).
 *
 * # Safety
 * A NULL pointer is refused; otherwise `game` is a live handle, `buf` holds `cap` bytes (or is
 * NULL with `cap` 0), `len_out` is writable.
 */
enum DgStatus dg_game_view_json(const struct DgGame *game,
                                uint32_t seat,
                                uint8_t *buf,
                                size_t cap,
                                size_t *len_out);

/**
 * The events of the last successful action as a JSON array: for `seat` (redacted to what
 * it may see: safe to send to that seat) or for `DG_ALL_SEATS` (everything, for the host).
 * `[]` on a new or loaded game, and while events are off. Another negative seat, or one not
 * at the table, is `DG_STATUS_INVALID_ARGUMENT`. A size query followed by the real call
 * writes the events once.
 *
 * # Safety
 * A NULL pointer is refused; otherwise `game` is a live handle, `buf` holds `cap` bytes (or is
 * NULL with `cap` 0), `len_out` is writable.
 */
enum DgStatus dg_game_events_json(const struct DgGame *game,
                                  int32_t seat,
                                  uint8_t *buf,
                                  size_t cap,
                                  size_t *len_out);

/**
 * The text notation of the action with id `action` (`DG_STATUS_UNKNOWN_ACTION` for an id
 * that is no action of this game). Any action of the game has a text, legal now or not.
 *
 * # Safety
 * A NULL pointer is refused; otherwise `game` is a live handle, `buf` holds `cap` bytes (or is
 * NULL with `cap` 0), `len_out` is writable.
 */
enum DgStatus dg_game_action_text(const struct DgGame *game,
                                  uint32_t action,
                                  uint8_t *buf,
                                  size_t cap,
                                  size_t *len_out);

/**
 * The id of the action written `text[0..len]` in the game's notation
 * (`DG_STATUS_UNKNOWN_ACTION` when it is not one, or is longer than `DG_MAX_ACTION_TEXT`
 * bytes).
 *
 * # Safety
 * A NULL pointer is refused; otherwise `game` is a live handle, `text` holds `len` bytes, `out` is
 * writable.
 */
enum DgStatus dg_game_action_id(const struct DgGame *game,
                                const uint8_t *text,
                                size_t len,
                                uint32_t *out);

/**
 * The position drawn as text for people (several lines; it shows every hand: for the
 * host).
 *
 * # Safety
 * A NULL pointer is refused; otherwise `game` is a live handle, `buf` holds `cap` bytes (or is
 * NULL with `cap` 0), `len_out` is writable.
 */
enum DgStatus dg_game_board_text(const struct DgGame *game,
                                 uint8_t *buf,
                                 size_t cap,
                                 size_t *len_out);

/**
 * The saved game (a record JSON: config, the starting position if it was not the config's,
 * every action, the final hash), for `dg_game_load`. It lists every chance outcome so far
 * (the tiles dealt and drawn): for the host, or for everyone once the game is over. It holds
 * no RNG state, so it tells nothing of the chance still to come.
 *
 * # Safety
 * A NULL pointer is refused; otherwise `game` is a live handle, `buf` holds `cap` bytes (or is
 * NULL with `cap` 0), `len_out` is writable.
 */
enum DgStatus dg_game_save(const struct DgGame *game, uint8_t *buf, size_t cap, size_t *len_out);

/**
 * The action with id `action`, about to be played now, described in words in `lang` (a
 * `DgLang` value), e.g. "A rải ô a3 sang phải" / "A sows a3 to the right": for `seat`
 * (never naming a tile hidden from it: safe to send to that seat) or for `DG_ALL_SEATS` (the
 * host). `DG_STATUS_UNKNOWN_ACTION` for an id that is no action of the game.
 *
 * # Safety
 * A NULL pointer is refused; otherwise `game` is a live handle, `buf` holds `cap` bytes (or is
 * NULL with `cap` 0), `len_out` is writable.
 */
enum DgStatus dg_game_describe_action(const struct DgGame *game,
                                      uint32_t action,
                                      uint32_t lang,
                                      int32_t seat,
                                      uint8_t *buf,
                                      size_t cap,
                                      size_t *len_out);

/**
 * The events of the last action described in words in `lang`, as a JSON array of strings
 * (e.g. `["A bốc một quân từ chợ."]`): for `seat` (what it may see, never a hidden tile) or
 * for `DG_ALL_SEATS` (the host). `[]` while events are off and before the first action. At
 * most `DG_MAX_DESCRIBED_EVENTS` events are described; when there are more, one last line
 * says how many more. A size query followed by the real call (same language and seat)
 * describes the events once.
 *
 * # Safety
 * A NULL pointer is refused; otherwise `game` is a live handle, `buf` holds `cap` bytes (or is
 * NULL with `cap` 0), `len_out` is writable.
 */
enum DgStatus dg_game_describe_events(const struct DgGame *game,
                                      uint32_t lang,
                                      int32_t seat,
                                      uint8_t *buf,
                                      size_t cap,
                                      size_t *len_out);

/**
 * Play this game's chance with provably fair chance: `server_seed_hex[0..seed_len]` is the
 * server's secret seed as 64 hex digits, `player_seeds_json[0..seeds_len]` a JSON array of
 * the players' own seeds (text), or NULL with length 0 for none: at most
 * `DG_MAX_PLAYER_SEEDS` seeds of at most `DG_MAX_PLAYER_SEED_BYTES` bytes, the JSON at most
 * `DG_MAX_PLAYER_SEEDS_JSON` bytes (`DG_STATUS_INVALID_ARGUMENT` beyond). From then on
 * `dg_game_play_chance` draws every die, deal and draw from these seeds, and the saved game
 * carries the commitment, the player seeds and, once the game is over, the server seed
 * (`dg_record_verify` checks it).
 *
 * Call it before the first action, on a game from `dg_game_new` or `dg_game_new_preset`
 * (or from a state that is its config's own start): `DG_STATUS_UNFAIR` once an action was
 * applied, on a game from a chosen position, or when other seeds are already set. A game
 * loaded with `dg_game_load` from a fair record keeps its commitment: call this again with
 * the same server seed and player seeds to go on (other seeds are `DG_STATUS_UNFAIR`), and
 * until then `dg_game_play_chance` is `DG_STATUS_UNFAIR`. Setting the same seeds twice is
 * allowed. On failure the game is unchanged.
 *
 * # Safety
 * A NULL pointer is refused; otherwise `game` is a live handle, `server_seed_hex` holds
 * `seed_len` bytes, `player_seeds_json` is NULL (with `seeds_len` 0) or holds `seeds_len`
 * bytes.
 */
enum DgStatus dg_game_set_fair_chance(struct DgGame *game,
                                      const uint8_t *server_seed_hex,
                                      size_t seed_len,
                                      const uint8_t *player_seeds_json,
                                      size_t seeds_len);

/**
 * What the players may check now, as JSON: `{"scheme", "commitment", "player_seeds"}` and,
 * once the game is over, `"server_seed"` (the reveal); `null` for a game without fair
 * chance. Safe to send to every seat.
 *
 * # Safety
 * A NULL pointer is refused; otherwise `game` is a live handle, `buf` holds `cap` bytes (or is
 * NULL with `cap` 0), `len_out` is writable.
 */
enum DgStatus dg_game_fairness_json(const struct DgGame *game,
                                    uint8_t *buf,
                                    size_t cap,
                                    size_t *len_out);

/**
 * The commitment to a server seed (`SHA-256` of its 32 bytes, 64 lower-case hex digits),
 * the seed given as 64 hex digits in `server_seed_hex[0..len]`: what a server publishes
 * before the game.
 *
 * # Safety
 * A NULL pointer is refused; otherwise `server_seed_hex` holds `len` bytes, `buf` holds `cap`
 * bytes (or is NULL with `cap` 0), `len_out` is writable.
 */
enum DgStatus dg_fair_commitment(const uint8_t *server_seed_hex,
                                 size_t len,
                                 uint8_t *buf,
                                 size_t cap,
                                 size_t *len_out);

/**
 * Verify the chance of a finished game: replay the record in `json[0..len]` (as
 * `dg_game_save` writes it) and prove that its revealed server seed matches its commitment
 * and that every chance action came from the committed seeds, starting from the config's own
 * start. On success the report is written as JSON: `{"scheme", "game", "commitment",
 * "player_seeds" (how many), "start" ("config"), "start_hash", "chance_outcomes",
 * "chance_indices", "actions", "final_hash", "over"}`; `DG_STATUS_UNFAIR` when the record
 * carries no commitment, no reveal, a wrong reveal, starts from a chosen position rather than
 * its config's own start, or has a chance action the seeds do not give (`dg_last_error`
 * names the first); `DG_STATUS_INVALID_ARGUMENT` for player seeds beyond the bounds; `DG_STATUS_INVALID_JSON` or
 * `DG_STATUS_INVALID_RECORD` when it is not a valid record (also, before it is parsed, for
 * one longer than `DG_MAX_RECORD_JSON` bytes).
 *
 * # Safety
 * A NULL pointer is refused; otherwise `json` holds `len` bytes, `buf` holds `cap` bytes (or
 * is NULL with `cap` 0), `len_out` is writable.
 */
enum DgStatus dg_record_verify(const uint8_t *json,
                               size_t len,
                               uint8_t *buf,
                               size_t cap,
                               size_t *len_out);

/**
 * The name of the preset `name[0..name_len]` of game kind `kind` (see
 * `dg_game_presets_json`) in `lang` (a `DgLang` value), for a rules menu: e.g. "Lặp ba lần" /
 * "Threefold repetition". `DG_STATUS_INVALID_CONFIG` for a name that is no preset of `kind`.
 *
 * # Safety
 * A NULL pointer is refused; otherwise `name` holds `name_len` bytes, `buf` holds `cap`
 * bytes (or is NULL with `cap` 0), `len_out` is writable.
 */
enum DgStatus dg_preset_name(uint32_t kind,
                             const uint8_t *name,
                             size_t name_len,
                             uint32_t lang,
                             uint8_t *buf,
                             size_t cap,
                             size_t *len_out);

/**
 * What the preset `name[0..name_len]` of game kind `kind` plays, in one line in `lang` (a
 * `DgLang` value): e.g. "The seed rules; a position repeated three times ends the game."
 * `DG_STATUS_INVALID_CONFIG` for a name that is no preset of `kind`.
 *
 * # Safety
 * A NULL pointer is refused; otherwise `name` holds `name_len` bytes, `buf` holds `cap`
 * bytes (or is NULL with `cap` 0), `len_out` is writable.
 */
enum DgStatus dg_preset_summary(uint32_t kind,
                                const uint8_t *name,
                                size_t name_len,
                                uint32_t lang,
                                uint8_t *buf,
                                size_t cap,
                                size_t *len_out);

/**
 * `seat` as the players name it, in `lang` (a `DgLang` value), numbered from 1: "Người 1" /
 * "Player 1", in Cờ cá ngựa with its colours ("Người 1 (đỏ)" / "Player 1 (red)").
 * `DG_STATUS_INVALID_ARGUMENT` for a seat not at the table.
 *
 * # Safety
 * A NULL pointer is refused; otherwise `game` is a live handle, `buf` holds `cap` bytes (or is
 * NULL with `cap` 0), `len_out` is writable.
 */
enum DgStatus dg_game_seat_name(const struct DgGame *game,
                                uint32_t seat,
                                uint32_t lang,
                                uint8_t *buf,
                                size_t cap,
                                size_t *len_out);

/**
 * The end of the game in words in `lang` (a `DgLang` value), as a JSON array of lines: who
 * won, the places and scores in the game's own terms (debts as debts in Ô ăn quan, places in
 * Cờ cá ngựa, penalty points in Domino) and why it ended, e.g. `["Người 2 thắng", "Người 1
 * nợ Người 2 12 quân", …]`. `[]` while the game is not over.
 *
 * # Safety
 * A NULL pointer is refused; otherwise `game` is a live handle, `buf` holds `cap` bytes (or is
 * NULL with `cap` 0), `len_out` is writable.
 */
enum DgStatus dg_game_outcome_lines_json(const struct DgGame *game,
                                         uint32_t lang,
                                         uint8_t *buf,
                                         size_t cap,
                                         size_t *len_out);

#ifdef __cplusplus
}  /* extern "C" */
#endif  /* __cplusplus */

#endif  /* DANGIAN_H */
