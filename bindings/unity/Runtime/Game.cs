// The dangian rules engine for Unity and .NET: one Game per table, over the C ABI whose
// declarations are generated from include/dangian.h (Native.g.cs).
//
// In the C# that Unity accepts (C# 7.x, .NET Standard 2.0, no unsafe code): a SafeHandle per
// game, blittable structs, UTF-8 byte buffers. The calls a game loop makes every frame
// (LegalActions into a buffer, Apply, ToMove, the boards) allocate nothing; text and JSON come
// back as strings, and the JSON forms also as the typed classes generated from the JSON Schemas
// (Generated/*.g.cs: OAnQuanEvents, CaNguaView, DominoConfig, ...).
//
// Thread safety: a Game may move between threads but must not be used from two at once (the
// C handle's rule); Clone() gives another thread its own. BotWorker runs a bot's decision on a
// worker thread with its own clone.
using System;
using System.Collections.Generic;
using System.Text;

namespace Dangian
{
    /// <summary>A failed call: its status, the reason code of an illegal action, and the
    /// library's message. The game is unchanged.</summary>
    public sealed class DangianException : Exception
    {
        /// <summary>Why the call failed.</summary>
        public DgStatus Status { get; private set; }

        /// <summary>After <see cref="DgStatus.IllegalAction"/>: the stable code of why.</summary>
        public DgReason Reason { get; private set; }

        /// <summary>A failure with its status, reason and message.</summary>
        public DangianException(DgStatus status, DgReason reason, string message)
            : base(status + ": " + message)
        {
            Status = status;
            Reason = reason;
        }
    }

    /// <summary>One game of any kind (Ô ăn quan, Cờ cá ngựa or Domino), owning its native
    /// handle. Dispose it (or let the finalizer of its handle free it).</summary>
    public sealed class Game : IDisposable
    {
        readonly GameHandle handle;

        // The library must be the one these declarations were generated for: checked once,
        // when the type is first used.
        static Game()
        {
            uint abi = Native.dg_abi_version();
            if (abi != Native.AbiVersion)
            {
                throw new InvalidOperationException(
                    "the dangian library has ABI version " + abi + "; this package needs " + Native.AbiVersion);
            }
        }

        Game(GameHandle handle)
        {
            this.handle = handle;
        }

        /// <summary>A new game of <paramref name="kind"/> under the config JSON (empty: the
        /// seed rules; missing fields take their defaults); its own RNG, for
        /// <see cref="PlayChance"/>, is seeded by <paramref name="seed"/>.</summary>
        public Game(DgGameKind kind, ulong seed, string configJson = "")
        {
            byte[] config = Utf8(configJson, "configJson");
            GameHandle h;
            Check(Native.dg_game_new(KindArg(kind), config, Len(config), seed, out h));
            handle = h;
        }

        /// <summary>A new game under a named preset (see <see cref="Presets"/>).</summary>
        public static Game FromPreset(DgGameKind kind, string preset, ulong seed)
        {
            byte[] name = Utf8(preset, "preset");
            GameHandle h;
            Check(Native.dg_game_new_preset(KindArg(kind), name, Len(name), seed, out h));
            return new Game(h);
        }

        /// <summary>A game from a position (the JSON of <see cref="StateJson"/>), validated
        /// like every state: a tutorial, a puzzle, a server restoring a table.</summary>
        public static Game FromStateJson(DgGameKind kind, string stateJson, ulong seed)
        {
            byte[] json = Utf8(stateJson, "stateJson");
            GameHandle h;
            Check(Native.dg_game_from_state_json(KindArg(kind), json, Len(json), seed, out h));
            return new Game(h);
        }

        /// <summary>A saved game (<see cref="Save"/>, or a golden vector file), replayed and
        /// verified; its RNG for the chance to come is seeded by <paramref name="seed"/>.</summary>
        public static Game Load(string recordJson, ulong seed)
        {
            byte[] json = Utf8(recordJson, "recordJson");
            GameHandle h;
            Check(Native.dg_game_load(json, Len(json), seed, out h));
            return new Game(h);
        }

        /// <summary>An independent copy (RNG, record and last events included).</summary>
        public Game Clone()
        {
            GameHandle h;
            Check(Native.dg_game_clone(handle, out h));
            return new Game(h);
        }

        /// <summary>Frees the native game.</summary>
        public void Dispose()
        {
            handle.Dispose();
        }

        // ---- the library ----------------------------------------------------------------

        /// <summary>The three games, in kind order.</summary>
        public static readonly DgGameKind[] AllKinds = { DgGameKind.OAnQuan, DgGameKind.CaNgua, DgGameKind.Domino };

        /// <summary>The bot levels, weakest first.</summary>
        public static readonly DgLevel[] AllLevels = { DgLevel.Easy, DgLevel.Medium, DgLevel.Hard };

        /// <summary>The library's ABI version (equal to <see cref="Native.AbiVersion"/>).</summary>
        public static uint AbiVersion
        {
            get { return Native.dg_abi_version(); }
        }

        /// <summary>The library's version text.</summary>
        public static string Version
        {
            get { return Text((byte[] b, UIntPtr c, out UIntPtr l) => Native.dg_version(b, c, out l)); }
        }

        /// <summary>The commitment (SHA-256, 64 hex digits) to a server seed given as 64 hex
        /// digits: what a server publishes before a game with fair chance.</summary>
        public static string FairCommitment(string serverSeedHex)
        {
            byte[] seed = Utf8(serverSeedHex, "serverSeedHex");
            return Text((byte[] b, UIntPtr c, out UIntPtr l) => Native.dg_fair_commitment(seed, Len(seed), b, c, out l));
        }

        /// <summary>Verify a finished game's fair chance from its record: the report of what
        /// was proven as JSON (the config's own start, each chance outcome checked, the final
        /// hash), or a <see cref="DangianException"/> with <see cref="DgStatus.Unfair"/> naming
        /// the first chance action the committed seeds do not give, or a chosen start.</summary>
        public static string VerifyRecord(string recordJson)
        {
            byte[] json = Utf8(recordJson, "recordJson");
            return Text((byte[] b, UIntPtr c, out UIntPtr l) => Native.dg_record_verify(json, Len(json), b, c, out l));
        }

        /// <summary>The name records use for a kind: o_an_quan, ca_ngua or domino.</summary>
        public static string KindName(DgGameKind kind)
        {
            return Text((byte[] b, UIntPtr c, out UIntPtr l) => Native.dg_game_kind_name(KindArg(kind), b, c, out l));
        }

        /// <summary>The preset names of a kind, "seed_rules" first.</summary>
        public static string[] Presets(DgGameKind kind)
        {
            return Names(Text((byte[] b, UIntPtr c, out UIntPtr l) => Native.dg_game_presets_json(KindArg(kind), b, c, out l)));
        }

        /// <summary>The presets a table of a kind offers (a rules menu, a lobby), its default
        /// first: games against the bots end like games under each of them. The other
        /// presets stay playable.</summary>
        public static string[] TablePresets(DgGameKind kind)
        {
            return Names(Text((byte[] b, UIntPtr c, out UIntPtr l) => Native.dg_game_table_presets_json(KindArg(kind), b, c, out l)));
        }

        /// <summary>The names of a JSON array of plain names: ["seed_rules","tonkin",…].</summary>
        private static string[] Names(string json)
        {
            var names = new List<string>();
            foreach (string part in json.Trim('[', ']').Split(','))
            {
                string name = part.Trim().Trim('"');
                if (name.Length > 0) names.Add(name);
            }
            return names.ToArray();
        }

        /// <summary>The name of a preset of a kind in <paramref name="lang"/> (e.g. "Lặp ba
        /// lần" / "Threefold repetition"), for a rules menu.</summary>
        public static string PresetName(DgGameKind kind, string preset, DgLang lang)
        {
            byte[] p = Utf8(preset, "preset");
            return Text((byte[] b, UIntPtr c, out UIntPtr l) => Native.dg_preset_name(KindArg(kind), p, Len(p), LangArg(lang), b, c, out l));
        }

        /// <summary>What a preset of a kind plays, in one line in <paramref name="lang"/>.</summary>
        public static string PresetSummary(DgGameKind kind, string preset, DgLang lang)
        {
            byte[] p = Utf8(preset, "preset");
            return Text((byte[] b, UIntPtr c, out UIntPtr l) => Native.dg_preset_summary(KindArg(kind), p, Len(p), LangArg(lang), b, c, out l));
        }

        /// <summary>The reason of the last illegal action on this thread (None after any other
        /// failure).</summary>
        public static DgReason LastReason
        {
            get
            {
                uint r;
                return Native.dg_last_reason(out r) == DgStatus.Ok ? (DgReason)r : DgReason.None;
            }
        }

        // ---- the position ---------------------------------------------------------------

        /// <summary>Which game.</summary>
        public DgGameKind Kind { get { uint v; Check(Native.dg_game_kind(handle, out v)); return (DgGameKind)v; } }

        /// <summary>How many seats play (seats are numbered from 0, as <c>int</c> everywhere).</summary>
        public int Seats { get { uint v; Check(Native.dg_game_seats(handle, out v)); return (int)v; } }

        /// <summary>Who acts next: a seat, chance, or nobody (the game is over).</summary>
        public ToMove ToMove { get { int v; Check(Native.dg_game_to_move(handle, out v)); return ToMove.FromNative(v); } }

        /// <summary>Whether the game is over.</summary>
        public bool IsOver { get { return ToMove.IsOver; } }

        /// <summary>Whether chance (a roll, a deal, a draw) is to move.</summary>
        public bool IsChanceToMove { get { return ToMove.IsChance; } }

        /// <summary>Actions applied so far, chance outcomes included.</summary>
        public uint MoveNumber { get { uint v; Check(Native.dg_game_move_number(handle, out v)); return v; } }

        /// <summary>No game under this config lasts more actions.</summary>
        public uint MaxMoves { get { uint v; Check(Native.dg_game_max_moves(handle, out v)); return v; } }

        /// <summary>The stable hash of the whole state (for the host: it identifies hidden
        /// tiles).</summary>
        public ulong StateHash { get { ulong v; Check(Native.dg_game_state_hash(handle, out v)); return v; } }

        /// <summary>The stable hash of what <paramref name="seat"/> sees: safe to send to it.</summary>
        public ulong ViewHash(int seat)
        {
            ulong v;
            Check(Native.dg_game_view_hash(handle, SeatArg(seat), out v));
            return v;
        }

        /// <summary>The legal actions into <paramref name="buffer"/> (at least
        /// <see cref="Native.MaxActions"/> long); returns how many. Allocates nothing. For the
        /// host: at a chance point they are the chance outcomes.</summary>
        public int LegalActions(uint[] buffer)
        {
            UIntPtr n;
            BufferArg(buffer, "buffer");
            Check(Native.dg_game_legal_actions(handle, buffer, Len(buffer), out n));
            return (int)n;
        }

        /// <summary>The legal actions as a new array.</summary>
        public uint[] LegalActions()
        {
            var ids = new uint[Native.MaxActions];
            Array.Resize(ref ids, LegalActions(ids));
            return ids;
        }

        /// <summary>The actions <paramref name="seat"/> may take now (none unless it is its
        /// turn): safe to send to that seat. Allocates nothing.</summary>
        public int LegalActionsFor(int seat, uint[] buffer)
        {
            UIntPtr n;
            uint s = SeatArg(seat);
            BufferArg(buffer, "buffer");
            Check(Native.dg_game_legal_actions_for(handle, s, buffer, Len(buffer), out n));
            return (int)n;
        }

        /// <summary>The chance outcomes with their weights into <paramref name="buffer"/>;
        /// returns how many (none unless chance is to move).</summary>
        public int ChanceOutcomes(DgChanceOutcome[] buffer)
        {
            UIntPtr n;
            BufferArg(buffer, "buffer");
            Check(Native.dg_game_chance_outcomes(handle, buffer, Len(buffer), out n));
            return (int)n;
        }

        /// <summary>Whether the action is legal now; when it is not, <paramref name="why"/> says
        /// why (the reason's code is <see cref="LastReason"/>).</summary>
        public bool IsLegal(uint action, out string why)
        {
            DgStatus st = Native.dg_game_check(handle, action);
            why = st == DgStatus.Ok ? null : LastError();
            return st == DgStatus.Ok;
        }

        // ---- playing --------------------------------------------------------------------

        /// <summary>Play an action (a decision, or a chance outcome chosen by the host).</summary>
        public void Apply(uint action)
        {
            Check(Native.dg_game_apply(handle, action));
        }

        /// <summary>Play an action only if the game is still at move
        /// <paramref name="expectedMove"/> (StaleAction otherwise).</summary>
        public void ApplyAt(uint expectedMove, uint action)
        {
            Check(Native.dg_game_apply_at(handle, expectedMove, action));
        }

        /// <summary>Apply a chance outcome given by the host (physical dice, a server's
        /// shuffle).</summary>
        public void ApplyChance(uint outcome)
        {
            Check(Native.dg_game_apply_chance(handle, outcome));
        }

        /// <summary>Sample a chance outcome from the game's seeded RNG and apply it.</summary>
        public uint PlayChance()
        {
            uint id;
            Check(Native.dg_game_play_chance(handle, out id));
            return id;
        }

        /// <summary>Play chance from the committed seeds from now on: the server seed as 64
        /// hex digits, the players' seeds as a JSON array of strings (null: none; at most
        /// <see cref="Native.MaxPlayerSeeds"/> seeds of at most
        /// <see cref="Native.MaxPlayerSeedBytes"/> bytes, else
        /// <see cref="DgStatus.InvalidArgument"/>). <see cref="PlayChance"/> then derives every
        /// outcome. Call it before the first action (<see cref="DgStatus.Unfair"/> after one, on
        /// a game from a chosen position, or with other seeds than those set); a game loaded
        /// from a fair record takes only the seeds it committed to, and plays no chance until
        /// they are set again.</summary>
        public void SetFairChance(string serverSeedHex, string playerSeedsJson = null)
        {
            byte[] seed = Utf8(serverSeedHex, "serverSeedHex");
            byte[] seeds = playerSeedsJson == null ? null : Utf8(playerSeedsJson, "playerSeedsJson");
            Check(Native.dg_game_set_fair_chance(handle, seed, Len(seed), seeds, Len(seeds)));
        }

        /// <summary>The commitment, player seeds and (once over) the revealed seed as JSON;
        /// "null" for a game without fair chance. Safe to send to every seat.</summary>
        public string FairnessJson()
        {
            return Text((byte[] b, UIntPtr c, out UIntPtr l) => Native.dg_game_fairness_json(handle, b, c, out l));
        }

        /// <summary>Whether to keep each action's events for <see cref="EventsJson"/> (on by
        /// default; off, an action costs what it costs in Rust).</summary>
        public void SetEvents(bool keep)
        {
            Check(Native.dg_game_set_events(handle, keep ? 1u : 0u));
        }

        /// <summary>The result, once the game is over (NotOver before).</summary>
        public DgOutcome Outcome()
        {
            DgOutcome o;
            Check(Native.dg_game_outcome(handle, out o));
            return o;
        }

        /// <summary>Plays <paramref name="count"/> random playouts from this position inside
        /// the library, each to its end, and counts them (actions, wins and score sums per
        /// seat). Playout i draws from an RNG seeded from <paramref name="seed"/> and i: the
        /// same call gives the same counts. The game is not changed.</summary>
        public DgPlayouts Playouts(ulong seed, ulong count)
        {
            DgPlayouts p;
            Check(Native.dg_game_playouts(handle, seed, count, out p));
            return p;
        }

        /// <summary>The end reason as its JSON name, once over.</summary>
        public string EndReason()
        {
            return Text((byte[] b, UIntPtr c, out UIntPtr l) => Native.dg_game_end_reason(handle, b, c, out l));
        }

        // ---- JSON and text ----------------------------------------------------------------

        /// <summary>The whole state as JSON (for the host: it holds every hand).</summary>
        public string StateJson()
        {
            return Text((byte[] b, UIntPtr c, out UIntPtr l) => Native.dg_game_state_json(handle, b, c, out l));
        }

        /// <summary>The config as JSON, every option written out.</summary>
        public string ConfigJson()
        {
            return Text((byte[] b, UIntPtr c, out UIntPtr l) => Native.dg_game_config_json(handle, b, c, out l));
        }

        /// <summary>What <paramref name="seat"/> may see, as JSON: safe to send to it.</summary>
        public string ViewJson(int seat)
        {
            uint s = SeatArg(seat);
            return Text((byte[] b, UIntPtr c, out UIntPtr l) => Native.dg_game_view_json(handle, s, b, c, out l));
        }

        /// <summary>The events of the last action as a JSON array, for a seat (redacted) or for
        /// <see cref="Native.AllSeats"/> (the host).</summary>
        public string EventsJson(int seat)
        {
            return Text((byte[] b, UIntPtr c, out UIntPtr l) => Native.dg_game_events_json(handle, seat, b, c, out l));
        }

        /// <summary>The action, about to be played now, described in words in
        /// <paramref name="lang"/>: for a seat (never a tile hidden from it) or for
        /// <see cref="Native.AllSeats"/> (the host).</summary>
        public string DescribeAction(uint action, DgLang lang, int seat)
        {
            return Text((byte[] b, UIntPtr c, out UIntPtr l) => Native.dg_game_describe_action(handle, action, LangArg(lang), seat, b, c, out l));
        }

        /// <summary>The events of the last action described in words, as a JSON array of
        /// strings: for a seat (never a hidden tile) or for <see cref="Native.AllSeats"/>.</summary>
        public string DescribeEvents(DgLang lang, int seat)
        {
            return Text((byte[] b, UIntPtr c, out UIntPtr l) => Native.dg_game_describe_events(handle, LangArg(lang), seat, b, c, out l));
        }

        /// <summary>A seat as players name it, numbered from 1 ("Người 1" / "Player 1"; in Cờ
        /// cá ngựa with its colours, "Người 1 (đỏ)").</summary>
        public string SeatName(uint seat, DgLang lang)
        {
            return Text((byte[] b, UIntPtr c, out UIntPtr l) => Native.dg_game_seat_name(handle, seat, LangArg(lang), b, c, out l));
        }

        /// <summary>The end of the game in words, as a JSON array of lines: who won, places
        /// and scores in the game's own terms, why it ended ("[]" while not over).</summary>
        public string OutcomeLinesJson(DgLang lang)
        {
            return Text((byte[] b, UIntPtr c, out UIntPtr l) => Native.dg_game_outcome_lines_json(handle, LangArg(lang), b, c, out l));
        }

        /// <summary>The text notation of an action id.</summary>
        public string ActionText(uint action)
        {
            return Text((byte[] b, UIntPtr c, out UIntPtr l) => Native.dg_game_action_text(handle, action, b, c, out l));
        }

        /// <summary>The id of an action written in the game's notation.</summary>
        public uint ActionId(string text)
        {
            byte[] t = Utf8(text, "text");
            uint id;
            Check(Native.dg_game_action_id(handle, t, Len(t), out id));
            return id;
        }

        /// <summary>The position drawn as text (for the host: it shows every hand).</summary>
        public string BoardText()
        {
            return Text((byte[] b, UIntPtr c, out UIntPtr l) => Native.dg_game_board_text(handle, b, c, out l));
        }

        /// <summary>The saved game (a record JSON), for <see cref="Load"/>.</summary>
        public string Save()
        {
            return Text((byte[] b, UIntPtr c, out UIntPtr l) => Native.dg_game_save(handle, b, c, out l));
        }

        // ---- typed JSON forms (classes generated from the JSON Schemas) ------------------

        void ExpectKind(DgGameKind want)
        {
            DgGameKind kind = Kind;
            if (kind != want)
                throw new DangianException(DgStatus.WrongGame, DgReason.None, "this is a game of " + KindName(kind) + ", not " + KindName(want));
        }

        /// <summary>The events of the last Ô ăn quan action, for a seat or for
        /// <see cref="Native.AllSeats"/> (WrongGame for another game).</summary>
        public OAnQuan.Event[] OAnQuanEvents(int seat)
        {
            ExpectKind(DgGameKind.OAnQuan);
            return OAnQuan.Event.ArrayFromJson(EventsJson(seat));
        }

        /// <summary>The events of the last Cờ cá ngựa action, for a seat or for
        /// <see cref="Native.AllSeats"/> (WrongGame for another game).</summary>
        public CaNgua.Event[] CaNguaEvents(int seat)
        {
            ExpectKind(DgGameKind.CaNgua);
            return CaNgua.Event.ArrayFromJson(EventsJson(seat));
        }

        /// <summary>The events of the last Domino action, for a seat (redacted) or for
        /// <see cref="Native.AllSeats"/> (WrongGame for another game).</summary>
        public Domino.Event[] DominoEvents(int seat)
        {
            ExpectKind(DgGameKind.Domino);
            return Domino.Event.ArrayFromJson(EventsJson(seat));
        }

        /// <summary>What <paramref name="seat"/> sees of the Ô ăn quan game (its
        /// <c>Outcome</c> once over).</summary>
        public OAnQuan.OAnQuanView OAnQuanView(int seat)
        {
            ExpectKind(DgGameKind.OAnQuan);
            return OAnQuan.OAnQuanView.FromJson(ViewJson(seat));
        }

        /// <summary>What <paramref name="seat"/> sees of the Cờ cá ngựa game (its
        /// <c>Outcome</c> once over).</summary>
        public CaNgua.CaNguaView CaNguaView(int seat)
        {
            ExpectKind(DgGameKind.CaNgua);
            return CaNgua.CaNguaView.FromJson(ViewJson(seat));
        }

        /// <summary>What <paramref name="seat"/> sees of the Domino match (its
        /// <c>Outcome</c> once over).</summary>
        public Domino.DominoView DominoView(int seat)
        {
            ExpectKind(DgGameKind.Domino);
            return Domino.DominoView.FromJson(ViewJson(seat));
        }

        /// <summary>The Ô ăn quan config, every option written out.</summary>
        public OAnQuan.Config OAnQuanConfig()
        {
            ExpectKind(DgGameKind.OAnQuan);
            return OAnQuan.Config.FromJson(ConfigJson());
        }

        /// <summary>The Cờ cá ngựa config, every option written out.</summary>
        public CaNgua.CaNguaConfig CaNguaConfig()
        {
            ExpectKind(DgGameKind.CaNgua);
            return CaNgua.CaNguaConfig.FromJson(ConfigJson());
        }

        /// <summary>The Domino config, every option written out.</summary>
        public Domino.DominoConfig DominoConfig()
        {
            ExpectKind(DgGameKind.Domino);
            return Domino.DominoConfig.FromJson(ConfigJson());
        }

        // ---- boards (no allocation) -----------------------------------------------------

        /// <summary>The Ô ăn quan board (WrongGame for another game).</summary>
        public DgOAnQuanBoard OAnQuanBoard()
        {
            DgOAnQuanBoard b;
            Check(Native.dg_o_an_quan_board(handle, out b));
            return b;
        }

        /// <summary>The Cờ cá ngựa board (WrongGame for another game).</summary>
        public DgCaNguaBoard CaNguaBoard()
        {
            DgCaNguaBoard b;
            Check(Native.dg_ca_ngua_board(handle, out b));
            return b;
        }

        /// <summary>What <paramref name="seat"/> sees of the Domino match: safe to send to it.</summary>
        public DgDominoBoard DominoBoard(int seat)
        {
            DgDominoBoard b;
            Check(Native.dg_domino_board(handle, SeatArg(seat), out b));
            return b;
        }

        // ---- bots -----------------------------------------------------------------------

        /// <summary>The action a bot of <paramref name="level"/> plays for
        /// <paramref name="seat"/>, which must be the seat to move (NoDecision otherwise). The
        /// same position, level and seed always give the same action. It can take tens of
        /// milliseconds at the hard level: run it with <see cref="BotWorker"/>.</summary>
        public uint BotChoose(int seat, DgLevel level, ulong seed)
        {
            uint action;
            Check(Native.dg_bot_choose(handle, SeatArg(seat), LevelArg(level), seed, out action));
            return action;
        }

        /// <summary>Every legal action of <paramref name="seat"/> ranked by a bot, best first,
        /// into <paramref name="buffer"/> (at least <see cref="Native.MaxActions"/> long);
        /// returns how many.</summary>
        public int BotHints(int seat, DgLevel level, ulong seed, DgHint[] buffer)
        {
            UIntPtr n;
            uint s = SeatArg(seat);
            uint lv = LevelArg(level);
            BufferArg(buffer, "buffer");
            Check(Native.dg_bot_hints(handle, s, lv, seed, buffer, Len(buffer), out n));
            return (int)n;
        }

        /// <summary>A hint's proven result (<see cref="DgHint.Proven"/>, <see cref="DgHint.Margin"/>,
        /// <see cref="DgHint.Plies"/>) in words in <paramref name="lang"/>, for a hint button:
        /// "thắng chắc, hơn 12 điểm" / "wins by force, by 12 points", "thua chắc" / "loses by
        /// force"; the empty string when the hint's result is not proven.</summary>
        public static string ProvenWords(DgHint hint, DgLang lang)
        {
            uint lg = LangArg(lang);
            return Text((byte[] b, UIntPtr c, out UIntPtr l) => Native.dg_hint_proven_words(ref hint, lg, b, c, out l));
        }

        /// <summary>Installs an Ô ăn quan proof certificate for the whole process, from the
        /// bytes of a certificate or strategy file (gzip-compressed or not; the repository's
        /// <c>certificates/o_an_quan/*.dgstrat.gz</c>): from then on the medium and hard levels
        /// play its moves wherever it holds, and their hints say "wins by force" (easy stays
        /// as it is). Every record is checked first: the seed rules' strategy takes about 20 s,
        /// peaks at 0.7 GB and keeps 230 MB, so call it once, off the main thread (a
        /// <c>Task.Run</c>). A <see cref="DangianException"/> with
        /// <see cref="DgStatus.InvalidCertificate"/> when the bytes prove nothing.</summary>
        public static void InstallOAnQuanCertificate(byte[] bytes)
        {
            if (bytes == null) throw new ArgumentNullException("bytes");
            if (bytes.Length >= 2 && bytes[0] == 0x1f && bytes[1] == 0x8b)
            {
                try
                {
                    using (var input = new System.IO.MemoryStream(bytes))
                    using (var gzip = new System.IO.Compression.GZipStream(input, System.IO.Compression.CompressionMode.Decompress))
                    using (var output = new System.IO.MemoryStream())
                    {
                        gzip.CopyTo(output);
                        bytes = output.ToArray();
                    }
                }
                catch (Exception e)
                {
                    throw new DangianException(DgStatus.InvalidCertificate, DgReason.None, "gzip: " + e.Message);
                }
            }
            Check(Native.dg_o_an_quan_install_certificate(bytes, Len(bytes)));
        }

        /// <summary>Removes every installed Ô ăn quan certificate: the bots play by search
        /// alone again.</summary>
        public static void UninstallOAnQuanCertificates()
        {
            Check(Native.dg_o_an_quan_uninstall_certificates());
        }

        /// <summary>The expert's action for <paramref name="seat"/>, the seat to move: the
        /// strongest search of the game given <paramref name="milliseconds"/> of wall-clock time
        /// (at least 1). From about 100 ms stronger than the hard level in Ô ăn quan, Domino
        /// and Cờ cá ngựa; not reproducible: the choice depends on the
        /// machine's speed and load. It blocks for about that long: run it with
        /// <see cref="BotWorker"/>.</summary>
        public uint BotChooseBudget(int seat, uint milliseconds, ulong seed)
        {
            uint s = SeatArg(seat);
            if (milliseconds == 0)
                throw new ArgumentOutOfRangeException("milliseconds", "the expert's budget is at least 1 millisecond");
            uint action;
            Check(Native.dg_bot_choose_budget(handle, s, milliseconds, seed, out action));
            return action;
        }

        // ---- plumbing -------------------------------------------------------------------

        delegate DgStatus TextCall(byte[] buf, UIntPtr cap, out UIntPtr len);

        // A per-thread scratch buffer, grown as needed, so that reading text allocates only
        // the string itself.
        [ThreadStatic] static byte[] scratch;

        static string Text(TextCall call)
        {
            byte[] buf = scratch ?? (scratch = new byte[256]);
            UIntPtr len;
            DgStatus st = call(buf, Len(buf), out len);
            if (st == DgStatus.BufferTooSmall)
            {
                buf = scratch = new byte[(int)len + 1];
                st = call(buf, Len(buf), out len);
            }
            Check(st);
            return Encoding.UTF8.GetString(buf, 0, (int)len);
        }

        static string LastError()
        {
            byte[] buf = new byte[512];
            UIntPtr len;
            DgStatus st = Native.dg_last_error(buf, Len(buf), out len);
            if (st == DgStatus.BufferTooSmall)
            {
                buf = new byte[(int)len];
                st = Native.dg_last_error(buf, Len(buf), out len);
            }
            return st == DgStatus.Ok ? Encoding.UTF8.GetString(buf, 0, (int)len) : "(no message)";
        }

        internal static void Check(DgStatus st)
        {
            if (st != DgStatus.Ok)
            {
                DgReason reason = st == DgStatus.IllegalAction ? LastReason : DgReason.None;
                throw new DangianException(st, reason, LastError());
            }
        }

        // Arguments are checked here, before any native call: null text is an
        // ArgumentNullException (never silently the empty string), an enum value that is not
        // one of its members (or a zero budget) an ArgumentOutOfRangeException (an
        // ArgumentException), a missing buffer an ArgumentNullException.

        internal static byte[] Utf8(string s, string name)
        {
            if (s == null) throw new ArgumentNullException(name);
            return Encoding.UTF8.GetBytes(s);
        }

        internal static uint KindArg(DgGameKind kind)
        {
            if (!Enum.IsDefined(typeof(DgGameKind), kind))
                throw new ArgumentOutOfRangeException("kind", kind, "not a game kind");
            return (uint)kind;
        }

        static uint SeatArg(int seat)
        {
            if (seat < 0) throw new ArgumentOutOfRangeException("seat", seat, "a seat is at least 0");
            return (uint)seat;
        }

        static uint LevelArg(DgLevel level)
        {
            if (!Enum.IsDefined(typeof(DgLevel), level))
                throw new ArgumentOutOfRangeException("level", level, "not a bot level");
            return (uint)level;
        }

        static uint LangArg(DgLang lang)
        {
            if (!Enum.IsDefined(typeof(DgLang), lang))
                throw new ArgumentOutOfRangeException("lang", lang, "not a language");
            return (uint)lang;
        }

        internal static void BufferArg(Array buffer, string name)
        {
            if (buffer == null) throw new ArgumentNullException(name);
        }

        internal static UIntPtr Len(Array a)
        {
            return (UIntPtr)(a == null ? 0 : a.Length);
        }
    }
}
