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
 *  - Ownership: a DgGame* from dg_game_new / dg_game_load / dg_game_clone is owned by the
 *    caller and freed with dg_game_free, exactly once; dg_game_free(NULL) does nothing. The
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
 *    dg_last_error gives the reason as text. The message belongs to the calling thread and
 *    stays until the next failure on that thread.
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
#define DANGIAN_VERSION "0.2.0"
#define DANGIAN_ABI_VERSION 2
/* dg_game_to_move: chance (a roll, a deal, a draw) is to move. */
#define DG_TO_MOVE_CHANCE (-1)
/* dg_game_to_move: the game is over. */
#define DG_TO_MOVE_OVER (-2)
/* dg_game_events_json: every event, unredacted (for a trusted host). */
#define DG_ALL_SEATS (-1)
/* The most actions (or chance outcomes) ever legal at once: a buffer this big always suffices. */
#define DG_MAX_ACTIONS 64


// The result of every `dg_` function. Values are fixed and never reused.
typedef enum DgStatus {
  // Success.
  DG_STATUS_OK = 0,
  // A required pointer argument was NULL (or a buffer was NULL with a capacity above 0).
  DG_STATUS_NULL_POINTER = 1,
  // An integer argument is out of range (a game kind, a seat, a length).
  DG_STATUS_INVALID_ARGUMENT = 2,
  // The output buffer is too small; the needed length was written to the length out-parameter.
  DG_STATUS_BUFFER_TOO_SMALL = 3,
  // Text input is not valid UTF-8.
  DG_STATUS_INVALID_UTF8 = 4,
  // JSON input cannot be read (a syntax error).
  DG_STATUS_INVALID_JSON = 5,
  // The config is not a config of this game, or it fails validation.
  DG_STATUS_INVALID_CONFIG = 6,
  // The action id (or text) is not an action of this game.
  DG_STATUS_UNKNOWN_ACTION = 7,
  // The action is illegal now (`dg_last_error` says why). The game is unchanged.
  DG_STATUS_ILLEGAL_ACTION = 8,
  // The action was chosen for another move number. The game is unchanged.
  DG_STATUS_STALE_ACTION = 9,
  // The operation needs chance to be to move.
  DG_STATUS_NOT_CHANCE = 10,
  // The game is not over yet.
  DG_STATUS_NOT_OVER = 11,
  // A saved game cannot be loaded (not a record, wrong format or rules version, a bad
  // config, an unreadable or illegal action, a final hash that differs).
  DG_STATUS_INVALID_RECORD = 12,
  // The handle is of another game than the function needs.
  DG_STATUS_WRONG_GAME = 13,
  // An internal error (a bug) was caught before reaching the caller. If the call was
  // changing the handle, the handle is now poisoned.
  DG_STATUS_PANIC = 14,
  // An earlier call on this handle failed with `DG_STATUS_PANIC` while changing it: its
  // state cannot be trusted. Only `dg_game_free` accepts it now.
  DG_STATUS_POISONED = 15,
  // The operation needs a player to be to move (a bot's choice or hints), but chance or
  // nobody is.
  DG_STATUS_NO_DECISION = 16,
} DgStatus;

// The game kinds, as passed to `dg_game_new`.
typedef enum DgGameKind {
  // Ô ăn quan.
  DG_GAME_KIND_O_AN_QUAN = 0,
  // Cờ cá ngựa.
  DG_GAME_KIND_CA_NGUA = 1,
  // Domino.
  DG_GAME_KIND_DOMINO = 2,
} DgGameKind;

// One game of any kind, with its own seeded RNG and the events of its last apply. Create
// with `dg_game_new`, `dg_game_load` or `dg_game_clone`; free with `dg_game_free`, exactly
// once. Thread safety: a handle may be moved to another thread, but must not be used from two
// threads at once (not even for reading: give each thread its own `dg_game_clone`);
// different handles are independent.
typedef struct DgGame DgGame;

// A chance outcome and its weight: its probability is `weight` divided by the sum of the
// weights of all outcomes listed.
typedef struct DgChanceOutcome {
  // The action id of the outcome.
  uint32_t action;
  // Its weight.
  uint32_t weight;
} DgChanceOutcome;

// The result of a finished game.
typedef struct DgOutcome {
  // How many seats played (entries past it are zero).
  uint32_t seats;
  // The game's own score per seat (Ô ăn quan points, Cờ cá ngựa kicks, Domino penalty points).
  int32_t scores[4];
  // The place of each seat: 1 is best, equal places are shared, 0 is unplaced.
  uint32_t places[4];
} DgOutcome;

// An Ô ăn quan position. Cells are numbered as in the rules: 0 = left quan square,
// 1..=5 = seat 0's squares, 6 = right quan square, 7..=11 = seat 1's squares.
typedef struct DgOAnQuanBoard {
  // Small stones (dân) per cell.
  uint32_t dan[12];
  // Per quan square (left, right): 1 while its big stone is on the board, else 0.
  uint32_t big_on_board[2];
  // Per quan square: the seat that captured its big stone, or -1.
  int32_t big_captured_by[2];
  // Captured dân per seat (negative while in debt).
  int32_t captured_dan[2];
  // Big stones captured per seat.
  uint32_t captured_quan[2];
  // Running score per seat (captured dân + quan value × captured big stones).
  int32_t scores[2];
  // The seat to move, or `DG_TO_MOVE_OVER`.
  int32_t to_move;
  // Plies played.
  uint32_t ply;
} DgOAnQuanBoard;

// A tile on the Domino line, turned as it lies: `left` faces the left end.
typedef struct DgDominoPlaced {
  // The half facing left.
  uint8_t left;
  // The half facing right.
  uint8_t right;
} DgDominoPlaced;

// What one seat sees of a Domino match: its own hand, and only public facts about the rest.
typedef struct DgDominoBoard {
  // Whose view this is.
  uint32_t seat;
  // How many seats play.
  uint32_t players;
  // The round, from 1.
  uint32_t round;
  // The stage: 0 deal, 1 lead, 2 play, 3 draw, 4 over.
  uint32_t phase;
  // The seat to move, `DG_TO_MOVE_CHANCE` or `DG_TO_MOVE_OVER`.
  int32_t to_move;
  // This seat's hand as a 28-bit mask: bit `i` is tile `i` (0-0 = 0, 0-1 = 1, …, 6-6 = 27).
  uint32_t hand_mask;
  // Tiles held by each seat.
  uint32_t hand_counts[4];
  // Tiles in the chợ (during the deal: not dealt yet).
  uint32_t boneyard;
  // How many of them may be drawn.
  uint32_t drawable;
  // Open ends (left, right), or -1 while the line is empty.
  int32_t ends[2];
  // Tiles on the line.
  uint32_t line_len;
  // The line, left to right (`line_len` entries).
  struct DgDominoPlaced line[28];
  // Running penalty points per seat.
  uint32_t scores[4];
} DgDominoBoard;

// A Cờ cá ngựa position. Colours are 0 red, 1 yellow, 2 blue, 3 green. A piece's progress is
// -1 in the yard, `0..track_len-1` on the track (`track_len - 1` is the door), then
// `track_len - 1 + k` on home step `k`.
typedef struct DgCaNguaBoard {
  // Squares on the track (40, 48, 52 or 56).
  uint32_t track_len;
  // Per colour: the seat (player) playing it, or -1 when the colour is not in play.
  int32_t owner[4];
  // Progress of each piece, per colour (see above); -1 also for colours not in play.
  int32_t progress[4][4];
  // The colour to move, or -1 when the game is over.
  int32_t colour_to_move;
  // The seat to move, `DG_TO_MOVE_CHANCE` (the dice are to be rolled) or `DG_TO_MOVE_OVER`.
  int32_t to_move;
  // The dice being played (0 when none; the second is 0 with one die).
  uint32_t dice[2];
  // Tries left this turn (0 = an ordinary roll).
  uint32_t tries_left;
  // Kicks made, per kicker colour and victim colour.
  uint32_t kicks[4][4];
} DgCaNguaBoard;

// One legal action ranked by a bot: higher `score` is better for the seat to move.
typedef struct DgHint {
  // The action id.
  uint32_t action;
  // Simulations through it (0 for bots that do not search).
  uint32_t visits;
  // The bot's score for it, from 0 to 1 (a search bot's mean reward).
  double score;
} DgHint;

#ifdef __cplusplus
extern "C" {
#endif // __cplusplus

// The ABI version of the library (`DANGIAN_ABI_VERSION` in the header it was built with).
// A host checks it once at start-up against the header it was compiled with.
uint32_t dg_abi_version(void);

// The library's version text (e.g. `0.1.0`, `DANGIAN_VERSION` in the header).
//
// # Safety
// A NULL pointer is refused; otherwise `buf` holds `cap` bytes (or is NULL with `cap` 0),
// `len_out` is writable.
enum DgStatus dg_version(uint8_t *buf, size_t cap, size_t *len_out);

// Copy the message of the last failed call on this thread into `buf` (UTF-8, `*len_out`
// bytes). An empty message when nothing has failed yet; successful calls leave it as it is,
// and so does this function (a short buffer can be retried).
//
// # Safety
// A NULL pointer is refused; otherwise `buf` holds `cap` bytes (or is NULL with `cap` 0),
// `len_out` is writable.
enum DgStatus dg_last_error(uint8_t *buf, size_t cap, size_t *len_out);

// The name of game kind `kind` (a `DgGameKind` value) as records write it: `o_an_quan`,
// `ca_ngua` or `domino`.
//
// # Safety
// A NULL pointer is refused; otherwise `buf` holds `cap` bytes (or is NULL with `cap` 0),
// `len_out` is writable.
enum DgStatus dg_game_kind_name(uint32_t kind, uint8_t *buf, size_t cap, size_t *len_out);

// Create a game of `kind` (a `DgGameKind` value) under the config JSON in
// `config_json[0..config_len]` (NULL with length 0, or length 0, = the seed rules; `{}` too,
// and missing fields take their defaults), with its own RNG seeded by `seed` for
// `dg_game_play_chance`. On success `*out` owns a new handle (free it with `dg_game_free`).
//
// # Safety
// `config_json` is NULL (with `config_len` 0) or holds `config_len` bytes; `out` is NULL
// (refused) or writable.
enum DgStatus dg_game_new(uint32_t kind,
                          const uint8_t *config_json,
                          size_t config_len,
                          uint64_t seed,
                          struct DgGame **out);

// Free a handle. NULL is allowed and does nothing; a poisoned handle is freed too. The
// handle must not be used afterwards (nor freed again).
//
// # Safety
// `game` is NULL or a live handle from `dg_game_new`, `dg_game_load` or `dg_game_clone`
// that no other thread uses, freed at most once.
void dg_game_free(struct DgGame *game);

// Copy a game (with its RNG state, its record and the events of its last apply) into a new
// handle `*out`, e.g. to hand one to another thread or to search ahead.
//
// # Safety
// A NULL pointer is refused; otherwise `game` is a live handle, `out` is writable.
enum DgStatus dg_game_clone(const struct DgGame *game, struct DgGame **out);

// The game's kind (a `DgGameKind` value).
//
// # Safety
// A NULL pointer is refused; otherwise `game` is a live handle, `out` is writable.
enum DgStatus dg_game_kind(const struct DgGame *game, uint32_t *out);

// How many seats play.
//
// # Safety
// A NULL pointer is refused; otherwise `game` is a live handle, `out` is writable.
enum DgStatus dg_game_seats(const struct DgGame *game, uint32_t *out);

// Who acts next: a seat number (0, 1, …), `DG_TO_MOVE_CHANCE` or `DG_TO_MOVE_OVER`.
//
// # Safety
// A NULL pointer is refused; otherwise `game` is a live handle, `out` is writable.
enum DgStatus dg_game_to_move(const struct DgGame *game, int32_t *out);

// How many actions (chance outcomes included) have been applied: the number to pass to
// `dg_game_apply_at`.
//
// # Safety
// A NULL pointer is refused; otherwise `game` is a live handle, `out` is writable.
enum DgStatus dg_game_move_number(const struct DgGame *game, uint32_t *out);

// The stable 64-bit hash of the state (the same in every language and on every platform).
//
// # Safety
// A NULL pointer is refused; otherwise `game` is a live handle, `out` is writable.
enum DgStatus dg_game_state_hash(const struct DgGame *game, uint64_t *out);

// The legal action ids, ascending, into `buf[0..cap]`; their number into `*len_out` (0 when
// the game is over). When chance is to move, they are the chance outcomes. At most
// `DG_MAX_ACTIONS` ids are ever legal, so a buffer of that size always suffices.
//
// # Safety
// A NULL pointer is refused; otherwise `game` is a live handle, `buf` holds `cap` ids (or is NULL
// with `cap` 0), `len_out` is writable.
enum DgStatus dg_game_legal_actions(const struct DgGame *game,
                                    uint32_t *buf,
                                    size_t cap,
                                    size_t *len_out);

// The chance outcomes with their weights (none unless chance is to move), at most
// `DG_MAX_ACTIONS`.
//
// # Safety
// A NULL pointer is refused; otherwise `game` is a live handle, `buf` holds `cap` outcomes (or is
// NULL with `cap` 0), `len_out` is writable.
enum DgStatus dg_game_chance_outcomes(const struct DgGame *game,
                                      struct DgChanceOutcome *buf,
                                      size_t cap,
                                      size_t *len_out);

// `DG_STATUS_OK` if the action is legal now; otherwise `DG_STATUS_UNKNOWN_ACTION` or
// `DG_STATUS_ILLEGAL_ACTION`, and `dg_last_error` says why (e.g. which piece blocks the way).
//
// # Safety
// A NULL pointer is refused; otherwise `game` is a live handle.
enum DgStatus dg_game_check(const struct DgGame *game, uint32_t action);

// Apply an action (a player's decision or a chance outcome chosen by the host). On failure
// the game is unchanged. The events are then readable with `dg_game_events_json`.
//
// # Safety
// A NULL pointer is refused; otherwise `game` is a live handle.
enum DgStatus dg_game_apply(struct DgGame *game, uint32_t action);

// Apply an action only if the game is still at move `expected_move` (see
// `dg_game_move_number`; `DG_STATUS_STALE_ACTION` otherwise): for servers receiving actions
// late. On failure the game is unchanged.
//
// # Safety
// A NULL pointer is refused; otherwise `game` is a live handle.
enum DgStatus dg_game_apply_at(struct DgGame *game, uint32_t expected_move, uint32_t action);

// Apply a chance outcome given by the host (physical dice, a server's shuffle):
// `DG_STATUS_NOT_CHANCE` when a player is to move or the game is over. On failure the game
// is unchanged.
//
// # Safety
// A NULL pointer is refused; otherwise `game` is a live handle.
enum DgStatus dg_game_apply_chance(struct DgGame *game, uint32_t outcome);

// Sample a chance outcome from the handle's own seeded RNG, apply it, and write its id to
// `*out` (`DG_STATUS_NOT_CHANCE` when a player is to move or the game is over; nothing
// changes then, the RNG included).
//
// # Safety
// A NULL pointer is refused; otherwise `game` is a live handle, `out` is writable.
enum DgStatus dg_game_play_chance(struct DgGame *game, uint32_t *out);

// The outcome, once over (`DG_STATUS_NOT_OVER` before).
//
// # Safety
// A NULL pointer is refused; otherwise `game` is a live handle, `out` is writable.
enum DgStatus dg_game_outcome(const struct DgGame *game, struct DgOutcome *out);

// The end reason of a finished game as text (e.g. `BothQuanSquaresEmpty`;
// `DG_STATUS_NOT_OVER` before the end).
//
// # Safety
// A NULL pointer is refused; otherwise `game` is a live handle, `buf` holds `cap` bytes (or is
// NULL with `cap` 0), `len_out` is writable.
enum DgStatus dg_game_end_reason(const struct DgGame *game,
                                 uint8_t *buf,
                                 size_t cap,
                                 size_t *len_out);

// The whole state as JSON. It includes hidden information (every hand): send a seat
// `dg_game_view_json` instead.
//
// # Safety
// A NULL pointer is refused; otherwise `game` is a live handle, `buf` holds `cap` bytes (or is
// NULL with `cap` 0), `len_out` is writable.
enum DgStatus dg_game_state_json(const struct DgGame *game,
                                 uint8_t *buf,
                                 size_t cap,
                                 size_t *len_out);

// The game's config as JSON, every field written out (what `{}` or a partial config became).
//
// # Safety
// A NULL pointer is refused; otherwise `game` is a live handle, `buf` holds `cap` bytes (or is
// NULL with `cap` 0), `len_out` is writable.
enum DgStatus dg_game_config_json(const struct DgGame *game,
                                  uint8_t *buf,
                                  size_t cap,
                                  size_t *len_out);

// What `seat` may see, as JSON: safe to send to that seat's client
// (`DG_STATUS_INVALID_ARGUMENT` for a seat not at the table).
//
// # Safety
// A NULL pointer is refused; otherwise `game` is a live handle, `buf` holds `cap` bytes (or is
// NULL with `cap` 0), `len_out` is writable.
enum DgStatus dg_game_view_json(const struct DgGame *game,
                                uint32_t seat,
                                uint8_t *buf,
                                size_t cap,
                                size_t *len_out);

// The events of the last successful apply (or played chance) as a JSON array: for `seat`
// (redacted to what it may see) or for `DG_ALL_SEATS` (everything, for a trusted host).
// Empty (`[]`) on a new or loaded game. Another negative seat, or one not at the table, is
// `DG_STATUS_INVALID_ARGUMENT`.
//
// # Safety
// A NULL pointer is refused; otherwise `game` is a live handle, `buf` holds `cap` bytes (or is
// NULL with `cap` 0), `len_out` is writable.
enum DgStatus dg_game_events_json(const struct DgGame *game,
                                  int32_t seat,
                                  uint8_t *buf,
                                  size_t cap,
                                  size_t *len_out);

// The text notation of the action with id `action` (`DG_STATUS_UNKNOWN_ACTION` for an id
// that is no action of this game). Any action of the game has a text, legal now or not.
//
// # Safety
// A NULL pointer is refused; otherwise `game` is a live handle, `buf` holds `cap` bytes (or is
// NULL with `cap` 0), `len_out` is writable.
enum DgStatus dg_game_action_text(const struct DgGame *game,
                                  uint32_t action,
                                  uint8_t *buf,
                                  size_t cap,
                                  size_t *len_out);

// The id of the action written `text[0..len]` in the game's notation
// (`DG_STATUS_UNKNOWN_ACTION` when it is not one).
//
// # Safety
// A NULL pointer is refused; otherwise `game` is a live handle, `text` holds `len` bytes, `out` is
// writable.
enum DgStatus dg_game_action_id(const struct DgGame *game,
                                const uint8_t *text,
                                size_t len,
                                uint32_t *out);

// The position drawn as text for people (several lines; it shows every hand).
//
// # Safety
// A NULL pointer is refused; otherwise `game` is a live handle, `buf` holds `cap` bytes (or is
// NULL with `cap` 0), `len_out` is writable.
enum DgStatus dg_game_board_text(const struct DgGame *game,
                                 uint8_t *buf,
                                 size_t cap,
                                 size_t *len_out);

// The saved game (a record JSON: config, seed, every action, final hash), for
// `dg_game_load`.
//
// # Safety
// A NULL pointer is refused; otherwise `game` is a live handle, `buf` holds `cap` bytes (or is
// NULL with `cap` 0), `len_out` is writable.
enum DgStatus dg_game_save(const struct DgGame *game, uint8_t *buf, size_t cap, size_t *len_out);

// Load a saved game from `json[0..len]`, replaying and verifying every action and the final
// hash: `DG_STATUS_INVALID_JSON` for text that is not JSON, `DG_STATUS_INVALID_RECORD` for
// anything wrong with the record. The new handle's RNG is seeded from the record's seed
// (0 if none) and its number of actions, so loading the same record always continues the same
// way (the original handle's stream is not recovered: records keep outcomes, not RNG states).
//
// # Safety
// A NULL pointer is refused; otherwise `json` holds `len` bytes, `out` is writable.
enum DgStatus dg_game_load(const uint8_t *json, size_t len, struct DgGame **out);

// The Ô ăn quan board of `game` (`DG_STATUS_WRONG_GAME` for another game).
//
// # Safety
// A NULL pointer is refused; otherwise `game` is a live handle, `out` is writable.
enum DgStatus dg_o_an_quan_board(const struct DgGame *game, struct DgOAnQuanBoard *out);

// What `seat` sees of the Domino match in `game` (`DG_STATUS_WRONG_GAME` for another game,
// `DG_STATUS_INVALID_ARGUMENT` for a seat not at the table). Safe to send to that seat.
//
// # Safety
// A NULL pointer is refused; otherwise `game` is a live handle, `out` is writable.
enum DgStatus dg_domino_board(const struct DgGame *game, uint32_t seat, struct DgDominoBoard *out);

// The Cờ cá ngựa board of `game` (`DG_STATUS_WRONG_GAME` for another game).
//
// # Safety
// A NULL pointer is refused; otherwise `game` is a live handle, `out` is writable.
enum DgStatus dg_ca_ngua_board(const struct DgGame *game, struct DgCaNguaBoard *out);

// The action a bot of `level` (0 easy, 1 medium, 2 hard) seeded with `seed` plays for the
// seat to move, into `*out`. Deterministic: the same position, level and seed always give
// the same action, on every platform. The bot sees only what the seat to move may see.
// `DG_STATUS_NO_DECISION` when chance or nobody is to move.
//
// # Safety
// `game` must be NULL or a live handle not used by another thread during the call; `out`
// must be NULL or point to a writable `uint32_t`.
enum DgStatus dg_bot_choose(const struct DgGame *game,
                            uint32_t level_value,
                            uint64_t seed,
                            uint32_t *out);

// Every legal action of the seat to move ranked by a bot of `level`, best first, into
// `buf[0..cap]`; their number into `*len_out` (at most `DG_MAX_ACTIONS`). For a hint button.
// `DG_STATUS_NO_DECISION` when chance or nobody is to move.
//
// # Safety
// `game` must be NULL or a live handle not used by another thread during the call; `buf`
// must be NULL or point to `cap` writable `DgHint`s; `len_out` must be NULL or point to a
// writable `size_t`.
enum DgStatus dg_bot_hints(const struct DgGame *game,
                           uint32_t level_value,
                           uint64_t seed,
                           struct DgHint *buf,
                           size_t cap,
                           size_t *len_out);

#ifdef __cplusplus
}  // extern "C"
#endif  // __cplusplus

#endif  /* DANGIAN_H */
