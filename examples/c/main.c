/*
 * A C99 consumer of the dangian C API.
 *
 *   main                  play a seeded game of each kind, print one summary line each
 *   main FILE...          load each saved game (a record JSON) and print its final state
 *
 * Output lines (compared with the Rust engine's by the test suite):
 *   game <kind> moves <n> hash <16 hex> outcome <reason> scores <s0,s1,..> places <p0,p1,..>
 *   vector <file> hash <16 hex> state <json>
 * It also checks the API's error paths (NULL pointers, short buffers, illegal actions) and
 * exits non-zero on any surprise.
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

    /* Save, load, and get the same position back. */
    char *saved = text_of(game, dg_game_save);
    DgGame *loaded = NULL;
    CHECK(dg_game_load((const uint8_t *)saved, strlen(saved), &loaded));
    uint64_t loaded_hash = 0;
    CHECK(dg_game_state_hash(loaded, &loaded_hash));
    EXPECT(loaded_hash == hash);
    free(saved);
    dg_game_free(loaded);
    dg_game_free(game);
}

static void error_paths(void) {
    DgGame *game = NULL;
    EXPECT(dg_game_new(99, NULL, 0, 1, &game) == DG_STATUS_INVALID_ARGUMENT && game == NULL);
    EXPECT(dg_game_new(0, NULL, 0, 1, NULL) == DG_STATUS_NULL_POINTER);
    const char *bad = "{not json";
    EXPECT(dg_game_new(0, (const uint8_t *)bad, strlen(bad), 1, &game) == DG_STATUS_INVALID_JSON);
    const uint8_t not_utf8[] = {0xff, 0xfe};
    EXPECT(dg_game_new(0, not_utf8, 2, 1, &game) == DG_STATUS_INVALID_UTF8);
    EXPECT(game == NULL);
    CHECK(dg_game_new(0, NULL, 0, 1, &game));
    uint32_t ids[2];
    size_t n = 0;
    EXPECT(dg_game_legal_actions(game, ids, 2, &n) == DG_STATUS_BUFFER_TOO_SMALL && n > 2);
    EXPECT(dg_game_legal_actions(NULL, ids, 2, &n) == DG_STATUS_NULL_POINTER);
    EXPECT(dg_game_apply(game, 0xFFFFFFFFu) == DG_STATUS_UNKNOWN_ACTION);
    EXPECT(strlen(last_error()) > 0);
    dg_game_free(NULL);
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
        CHECK(dg_game_load((const uint8_t *)json, len, &game));
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
