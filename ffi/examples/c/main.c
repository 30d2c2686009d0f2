/*
 * A C99 consumer of the dangian C API.
 *
 *   main                  play a seeded game of each kind, print one summary line each
 *   main FILE...          load each saved game (a record JSON) and print its final state
 *
 * Output lines (compared with the Rust engine's by the test suite):
 *   game <kind> moves <n> hash <16 hex> outcome <reason> scores <s0,s1,..> places <p0,p1,..>
 *   board <kind> <every field of the game's board snapshot at the end>
 *   vector <file> hash <16 hex> state <json>
 * It also checks the API's error paths (NULL pointers, short buffers and size queries, bad
 * kinds, seats, UTF-8, JSON and configs, illegal, unknown and stale actions, chance out of
 * turn, forged records) and exits non-zero on any surprise.
 */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "dangian.h"

#define CHECK(call)                                                              \
    do {                                                                         \
        DgStatus st_ = (call);                                                   \
        if (st_ != DG_STATUS_OK) {                                               \
            fprintf(stderr, "%s:%d: %s -> %d: %s\n", __FILE__, __LINE__, #call,  \
                    (int)st_, last_error());                                     \
            exit(1);                                                             \
        }                                                                        \
    } while (0)

#define EXPECT(cond)                                                             \
    do {                                                                         \
        if (!(cond)) {                                                           \
            fprintf(stderr, "%s:%d: expected %s\n", __FILE__, __LINE__, #cond);  \
            exit(1);                                                             \
        }                                                                        \
    } while (0)

static const char *last_error(void) {
    static char buf[1024];
    size_t len = 0;
    if (dg_last_error((uint8_t *)buf, sizeof buf, &len) != DG_STATUS_OK) {
        return "(message too long)";
    }
    return buf;
}

/* Copy a text result into a fresh heap buffer, asking for the size first. */
typedef DgStatus (*text_fn)(const DgGame *, uint8_t *, size_t, size_t *);
static char *text_of(const DgGame *game, text_fn fn) {
    size_t len = 0;
    DgStatus st = fn(game, NULL, 0, &len);
    EXPECT(st == DG_STATUS_BUFFER_TOO_SMALL || (st == DG_STATUS_OK && len == 0));
    char *buf = malloc(len + 1);
    EXPECT(buf != NULL);
    size_t got = 0;
    CHECK(fn(game, (uint8_t *)buf, len + 1, &got));
    EXPECT(got == len && buf[len] == '\0');
    return buf;
}

static void print_list_u32(const char *name, const uint32_t *v, size_t n) {
    printf(" %s ", name);
    for (size_t i = 0; i < n; i++) printf("%s%" PRIu32, i ? "," : "", v[i]);
}

static void print_list_i32(const char *name, const int32_t *v, size_t n) {
    printf(" %s ", name);
    for (size_t i = 0; i < n; i++) printf("%s%" PRId32, i ? "," : "", v[i]);
}

/* Every field of the game's board snapshot, in declaration order. */
static void print_board(const DgGame *game, uint32_t kind) {
    if (kind == DG_GAME_KIND_O_AN_QUAN) {
        DgOAnQuanBoard b;
        CHECK(dg_o_an_quan_board(game, &b));
        printf("board o_an_quan");
        print_list_u32("dan", b.dan, 12);
        print_list_u32("big_on_board", b.big_on_board, 2);
        print_list_i32("big_captured_by", b.big_captured_by, 2);
        print_list_i32("captured_dan", b.captured_dan, 2);
        print_list_u32("captured_quan", b.captured_quan, 2);
        print_list_i32("scores", b.scores, 2);
        printf(" to_move %" PRId32 " ply %" PRIu32 "\n", b.to_move, b.ply);
    } else if (kind == DG_GAME_KIND_CA_NGUA) {
        DgCaNguaBoard b;
        CHECK(dg_ca_ngua_board(game, &b));
        printf("board ca_ngua track_len %" PRIu32, b.track_len);
        print_list_i32("owner", b.owner, 4);
        print_list_i32("progress", &b.progress[0][0], 16);
        printf(" colour_to_move %" PRId32 " to_move %" PRId32, b.colour_to_move, b.to_move);
        print_list_u32("dice", b.dice, 2);
        printf(" tries_left %" PRIu32, b.tries_left);
        print_list_u32("kicks", &b.kicks[0][0], 16);
        printf("\n");
    } else {
        DgDominoBoard b;
        CHECK(dg_domino_board(game, 0, &b));
        printf("board domino seat %" PRIu32 " players %" PRIu32 " round %" PRIu32
               " phase %" PRIu32 " to_move %" PRId32 " hand_mask %" PRIu32,
               b.seat, b.players, b.round, b.phase, b.to_move, b.hand_mask);
        print_list_u32("hand_counts", b.hand_counts, 4);
        printf(" boneyard %" PRIu32 " drawable %" PRIu32, b.boneyard, b.drawable);
        print_list_i32("ends", b.ends, 2);
        printf(" line_len %" PRIu32 " line ", b.line_len);
        if (b.line_len == 0) printf("-");
        for (uint32_t i = 0; i < b.line_len && i < 28; i++)
            printf("%s%u:%u", i ? "," : "", (unsigned)b.line[i].left, (unsigned)b.line[i].right);
        print_list_u32("scores", b.scores, 4);
        printf("\n");
    }
}

static const char *KINDS[] = {"o_an_quan", "ca_ngua", "domino"};

/* The choice rule shared with the Rust test: legal[(move * 7 + 3) % n]. */
static void play(uint32_t kind, uint64_t seed) {
    DgGame *game = NULL;
    CHECK(dg_game_new(kind, NULL, 0, seed, &game));
    uint32_t legal[64];
    for (;;) {
        int32_t to_move = 0;
        CHECK(dg_game_to_move(game, &to_move));
        if (to_move == DG_TO_MOVE_OVER) break;
        if (to_move == DG_TO_MOVE_CHANCE) {
            uint32_t outcome = 0;
            CHECK(dg_game_play_chance(game, &outcome));
            continue;
        }
        size_t n = 0;
        CHECK(dg_game_legal_actions(game, legal, 64, &n));
        EXPECT(n > 0);
        uint32_t move = 0;
        CHECK(dg_game_move_number(game, &move));
        CHECK(dg_game_apply_at(game, move, legal[(move * 7u + 3u) % n]));
        /* A stale resend of the same action is refused and changes nothing. */
        uint32_t after = 0;
        CHECK(dg_game_move_number(game, &after));
        EXPECT(dg_game_apply_at(game, move, legal[0]) == DG_STATUS_STALE_ACTION);
        uint32_t again = 0;
        CHECK(dg_game_move_number(game, &again));
        EXPECT(again == after);
    }
    uint32_t moves = 0;
    uint64_t hash = 0;
    DgOutcome outcome;
    CHECK(dg_game_move_number(game, &moves));
    CHECK(dg_game_state_hash(game, &hash));
    CHECK(dg_game_outcome(game, &outcome));
    char *reason = text_of(game, dg_game_end_reason);
    printf("game %s moves %" PRIu32 " hash %016" PRIx64 " outcome %s scores ", KINDS[kind], moves,
           hash, reason);
    for (uint32_t s = 0; s < outcome.seats; s++) printf("%s%d", s ? "," : "", outcome.scores[s]);
    printf(" places ");
    for (uint32_t s = 0; s < outcome.seats; s++) printf("%s%u", s ? "," : "", outcome.places[s]);
    printf("\n");
    free(reason);
    print_board(game, kind);

    /* Save, load, and get the same position back. */
    char *saved = text_of(game, dg_game_save);
    DgGame *loaded = NULL;
    CHECK(dg_game_load((const uint8_t *)saved, strlen(saved), 7, &loaded));
    uint64_t loaded_hash = 0;
    CHECK(dg_game_state_hash(loaded, &loaded_hash));
    EXPECT(loaded_hash == hash);
    free(saved);
    dg_game_free(loaded);

    /* Start another game from this position (a tutorial, a puzzle, a restored table). */
    char *state = text_of(game, dg_game_state_json);
    DgGame *restored = NULL;
    CHECK(dg_game_from_state_json(kind, (const uint8_t *)state, strlen(state), 7, &restored));
    uint64_t restored_hash = 0;
    CHECK(dg_game_state_hash(restored, &restored_hash));
    EXPECT(restored_hash == hash);
    EXPECT(dg_game_from_state_json(kind, (const uint8_t *)"{}", 2, 7, &restored) ==
           DG_STATUS_INVALID_STATE);
    free(state);
    dg_game_free(restored);
    dg_game_free(game);
}

/* Expect a call to fail with `status`, leave the game's hash and state JSON as they were, and
 * leave a message. */
#define EXPECT_REFUSED(game, status, call)                                       \
    do {                                                                         \
        uint64_t h0_ = 0, h1_ = 0;                                               \
        CHECK(dg_game_state_hash((game), &h0_));                                 \
        char *s0_ = text_of((game), dg_game_state_json);                         \
        EXPECT((call) == (status));                                              \
        EXPECT(strlen(last_error()) > 0);                                        \
        CHECK(dg_game_state_hash((game), &h1_));                                 \
        char *s1_ = text_of((game), dg_game_state_json);                         \
        EXPECT(h0_ == h1_ && strcmp(s0_, s1_) == 0);                             \
        free(s0_);                                                               \
        free(s1_);                                                               \
    } while (0)

static void error_paths(void) {
    /* Creating: bad kind, NULL out, bad UTF-8, bad JSON, a config that fails validation. */
    DgGame *game = NULL;
    EXPECT(dg_game_new(99, NULL, 0, 1, &game) == DG_STATUS_INVALID_ARGUMENT && game == NULL);
    EXPECT(dg_game_new(0, NULL, 0, 1, NULL) == DG_STATUS_NULL_POINTER);
    EXPECT(dg_game_new(0, NULL, 3, 1, &game) == DG_STATUS_NULL_POINTER);
    const char *bad = "{not json";
    EXPECT(dg_game_new(0, (const uint8_t *)bad, strlen(bad), 1, &game) == DG_STATUS_INVALID_JSON);
    const uint8_t not_utf8[] = {0xff, 0xfe};
    EXPECT(dg_game_new(0, not_utf8, 2, 1, &game) == DG_STATUS_INVALID_UTF8);
    const char *invalid[] = {"{\"dan_per_square\":0}", "{\"seats\":[[0,0]]}", "{\"players\":5}"};
    for (uint32_t kind = 0; kind < 3; kind++) {
        EXPECT(dg_game_new(kind, (const uint8_t *)invalid[kind], strlen(invalid[kind]), 1, &game) ==
               DG_STATUS_INVALID_CONFIG);
    }
    EXPECT(game == NULL);

    /* Names and versions, with a size query first. */
    char name[16];
    size_t n = 0;
    EXPECT(dg_game_kind_name(1, NULL, 0, &n) == DG_STATUS_BUFFER_TOO_SMALL && n == 7);
    CHECK(dg_game_kind_name(1, (uint8_t *)name, sizeof name, &n));
    EXPECT(n == 7 && strcmp(name, "ca_ngua") == 0);
    EXPECT(dg_game_kind_name(3, (uint8_t *)name, sizeof name, &n) == DG_STATUS_INVALID_ARGUMENT);
    CHECK(dg_version((uint8_t *)name, sizeof name, &n));
    EXPECT(strcmp(name, DANGIAN_VERSION) == 0);

    /* A game: NULL handles and out-parameters, short buffers, bad ids and seats. */
    CHECK(dg_game_new(0, NULL, 0, 1, &game));
    uint32_t ids[2] = {0xdead, 0xbeef};
    EXPECT(dg_game_legal_actions(game, ids, 2, &n) == DG_STATUS_BUFFER_TOO_SMALL && n > 2);
    EXPECT(ids[0] == 0xdead && ids[1] == 0xbeef);
    EXPECT(dg_game_legal_actions(NULL, ids, 2, &n) == DG_STATUS_NULL_POINTER);
    EXPECT(dg_game_legal_actions(game, NULL, 2, &n) == DG_STATUS_NULL_POINTER);
    EXPECT(dg_game_legal_actions(game, ids, 2, NULL) == DG_STATUS_NULL_POINTER);
    EXPECT(dg_game_to_move(game, NULL) == DG_STATUS_NULL_POINTER);
    EXPECT(dg_game_apply(NULL, 0) == DG_STATUS_NULL_POINTER);
    char small[4];
    size_t needed = 0;
    EXPECT(dg_game_state_json(game, (uint8_t *)small, sizeof small, &needed) ==
           DG_STATUS_BUFFER_TOO_SMALL);
    EXPECT(needed > sizeof small);
    char *state = malloc(needed + 1);
    EXPECT(state != NULL);
    size_t got = 0;
    CHECK(dg_game_state_json(game, (uint8_t *)state, needed + 1, &got));
    EXPECT(got == needed && state[got] == '\0');
    free(state);
    EXPECT_REFUSED(game, DG_STATUS_UNKNOWN_ACTION, dg_game_apply(game, 0xFFFFFFFFu));
    EXPECT_REFUSED(game, DG_STATUS_ILLEGAL_ACTION, dg_game_apply(game, 10)); /* b1-: not A's */
    EXPECT_REFUSED(game, DG_STATUS_ILLEGAL_ACTION, dg_game_check(game, 10));
    EXPECT_REFUSED(game, DG_STATUS_STALE_ACTION, dg_game_apply_at(game, 5, 1));
    EXPECT_REFUSED(game, DG_STATUS_NOT_CHANCE, dg_game_apply_chance(game, 0));
    uint32_t outcome = 0xdead;
    EXPECT_REFUSED(game, DG_STATUS_NOT_CHANCE, dg_game_play_chance(game, &outcome));
    EXPECT(outcome == 0xdead);
    EXPECT_REFUSED(game, DG_STATUS_INVALID_ARGUMENT,
                   dg_game_view_json(game, 2, (uint8_t *)small, sizeof small, &n));
    EXPECT_REFUSED(game, DG_STATUS_INVALID_ARGUMENT,
                   dg_game_events_json(game, -7, (uint8_t *)small, sizeof small, &n));
    DgOutcome result;
    EXPECT_REFUSED(game, DG_STATUS_NOT_OVER, dg_game_outcome(game, &result));
    DgCaNguaBoard wrong;
    EXPECT_REFUSED(game, DG_STATUS_WRONG_GAME, dg_ca_ngua_board(game, &wrong));
    uint32_t id = 0xdead;
    EXPECT_REFUSED(game, DG_STATUS_UNKNOWN_ACTION,
                   dg_game_action_id(game, (const uint8_t *)"zz", 2, &id));
    EXPECT(id == 0xdead);
    CHECK(dg_game_action_id(game, (const uint8_t *)"a1+", 3, &id));
    CHECK(dg_game_apply(game, id));

    /* The last error: a short buffer keeps the message for the retry. */
    EXPECT(dg_game_apply(game, 0xFFFFFFFFu) == DG_STATUS_UNKNOWN_ACTION);
    char tiny[2];
    EXPECT(dg_last_error((uint8_t *)tiny, sizeof tiny, &n) == DG_STATUS_BUFFER_TOO_SMALL);
    EXPECT(n > 2 && strlen(last_error()) == n);

    /* A clone is independent and freed on its own. */
    DgGame *copy = NULL;
    CHECK(dg_game_clone(game, &copy));
    uint32_t legal[DG_MAX_ACTIONS];
    CHECK(dg_game_legal_actions(copy, legal, DG_MAX_ACTIONS, &n));
    EXPECT(n > 0);
    CHECK(dg_game_apply(copy, legal[0]));
    uint32_t moves_game = 0, moves_copy = 0;
    CHECK(dg_game_move_number(game, &moves_game));
    CHECK(dg_game_move_number(copy, &moves_copy));
    EXPECT(moves_copy == moves_game + 1);

    /* Records: a forged final hash, a bad format, JSON that is no record. */
    char *saved = text_of(game, dg_game_save);
    char *hash = strstr(saved, "\"final_hash\":\"");
    EXPECT(hash != NULL);
    hash += strlen("\"final_hash\":\"");
    hash[0] = hash[0] == '0' ? '1' : '0';
    DgGame *loaded = NULL;
    EXPECT(dg_game_load((const uint8_t *)saved, strlen(saved), 7, &loaded) == DG_STATUS_INVALID_RECORD);
    EXPECT(strstr(last_error(), "differs") != NULL && loaded == NULL);
    EXPECT(dg_game_load((const uint8_t *)"{}", 2, 7, &loaded) == DG_STATUS_INVALID_RECORD);
    EXPECT(dg_game_load((const uint8_t *)"{", 1, 7, &loaded) == DG_STATUS_INVALID_JSON);
    EXPECT(dg_game_load(not_utf8, 2, 7, &loaded) == DG_STATUS_INVALID_UTF8);
    EXPECT(loaded == NULL);
    free(saved);

    dg_game_free(NULL);
    dg_game_free(copy);
    dg_game_free(game);
}

static char *read_file(const char *path, size_t *len) {
    FILE *f = fopen(path, "rb");
    if (!f) {
        fprintf(stderr, "cannot open %s\n", path);
        exit(1);
    }
    fseek(f, 0, SEEK_END);
    long size = ftell(f);
    fseek(f, 0, SEEK_SET);
    EXPECT(size >= 0);
    char *buf = malloc((size_t)size + 1);
    EXPECT(buf != NULL);
    EXPECT(fread(buf, 1, (size_t)size, f) == (size_t)size);
    buf[size] = '\0';
    fclose(f);
    *len = (size_t)size;
    return buf;
}

int main(int argc, char **argv) {
    EXPECT(dg_abi_version() == DANGIAN_ABI_VERSION);
    if (argc == 1) {
        error_paths();
        for (uint32_t kind = 0; kind < 3; kind++) play(kind, 7);
        return 0;
    }
    for (int i = 1; i < argc; i++) {
        size_t len = 0;
        char *json = read_file(argv[i], &len);
        DgGame *game = NULL;
        CHECK(dg_game_load((const uint8_t *)json, len, 7, &game));
        uint64_t hash = 0;
        CHECK(dg_game_state_hash(game, &hash));
        char *state = text_of(game, dg_game_state_json);
        printf("vector %s hash %016" PRIx64 " state %s\n", argv[i], hash, state);
        free(state);
        free(json);
        dg_game_free(game);
    }
    return 0;
}
