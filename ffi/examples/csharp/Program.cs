// A console consumer of Dangian.cs (compiled with Mono's mcs, run with mono).
//
//   mono dangian.exe               play a seeded game of each kind, print one summary line each
//   mono dangian.exe FILE...       load each saved game (a record JSON) and print its final state
//
// It prints the same lines as the C consumer (compared with the Rust engine by the tests):
//   game <kind> moves <n> hash <16 hex> outcome <reason> scores <s0,..> places <p0,..>
//   board <kind> <every field of the game's board snapshot at the end>
//   vector <file> hash <16 hex> state <json>
using System;
using System.Collections.Generic;
using System.Globalization;
using System.IO;
using System.Runtime.InteropServices;
using System.Text;
using Dangian;

static class Program
{
    static void Expect(bool cond, string what)
    {
        if (!cond)
        {
            Console.Error.WriteLine("expected " + what);
            Environment.Exit(1);
        }
    }

    static string Join<T>(IEnumerable<T> items)
    {
        var parts = new List<string>();
        foreach (var item in items) parts.Add(Convert.ToString(item, CultureInfo.InvariantCulture));
        return string.Join(",", parts.ToArray());
    }

    static IEnumerable<int> Ints(int n, Func<int, int> at) { for (int i = 0; i < n; i++) yield return at(i); }
    static IEnumerable<uint> UInts(int n, Func<int, uint> at) { for (int i = 0; i < n; i++) yield return at(i); }

    static string BoardLine(Game game)
    {
        var s = new StringBuilder();
        switch (game.Kind)
        {
            case GameKind.OAnQuan:
            {
                DgOAnQuanBoard b = game.OAnQuanBoard();
                s.Append("board o_an_quan dan ").Append(Join(UInts(12, i => b.Dan[i])));
                s.Append(" big_on_board ").Append(Join(UInts(2, i => b.BigOnBoard[i])));
                s.Append(" big_captured_by ").Append(Join(Ints(2, i => b.BigCapturedBy[i])));
                s.Append(" captured_dan ").Append(Join(Ints(2, i => b.CapturedDan[i])));
                s.Append(" captured_quan ").Append(Join(UInts(2, i => b.CapturedQuan[i])));
                s.Append(" scores ").Append(Join(Ints(2, i => b.Scores[i])));
                s.Append(" to_move ").Append(b.ToMove).Append(" ply ").Append(b.Ply);
                break;
            }
            case GameKind.CaNgua:
            {
                DgCaNguaBoard b = game.CaNguaBoard();
                s.Append("board ca_ngua track_len ").Append(b.TrackLen);
                s.Append(" owner ").Append(Join(Ints(4, i => b.Owner[i])));
                s.Append(" progress ").Append(Join(Ints(16, i => b.Progress[i / 4][i % 4])));
                s.Append(" colour_to_move ").Append(b.ColourToMove).Append(" to_move ").Append(b.ToMove);
                s.Append(" dice ").Append(Join(UInts(2, i => b.Dice[i])));
                s.Append(" tries_left ").Append(b.TriesLeft);
                s.Append(" kicks ").Append(Join(UInts(16, i => b.Kicks[i / 4][i % 4])));
                break;
            }
            default:
            {
                DgDominoBoard b = game.DominoBoard(0);
                s.Append("board domino seat ").Append(b.Seat).Append(" players ").Append(b.Players);
                s.Append(" round ").Append(b.Round).Append(" phase ").Append(b.Phase);
                s.Append(" to_move ").Append(b.ToMove).Append(" hand_mask ").Append(b.HandMask);
                s.Append(" hand_counts ").Append(Join(UInts(4, i => b.HandCounts[i])));
                s.Append(" boneyard ").Append(b.Boneyard).Append(" drawable ").Append(b.Drawable);
                s.Append(" ends ").Append(Join(Ints(2, i => b.Ends[i])));
                s.Append(" line_len ").Append(b.LineLen).Append(" line ");
                var line = new List<string>();
                for (int i = 0; i < b.LineLen && i < 28; i++) line.Add(b.Line[i].Left + ":" + b.Line[i].Right);
                s.Append(line.Count == 0 ? "-" : string.Join(",", line.ToArray()));
                s.Append(" scores ").Append(Join(UInts(4, i => b.Scores[i])));
                break;
            }
        }
        return s.ToString();
    }

    // The choice rule shared with the Rust test: legal[(move * 7 + 3) % n].
    static void Play(GameKind kind, ulong seed)
    {
        using (var game = new Game(kind, seed))
        {
            while (!game.IsOver)
            {
                if (game.IsChanceToMove)
                {
                    game.PlayChance();
                    continue;
                }
                uint[] legal = game.LegalActions();
                uint move = game.MoveNumber;
                game.ApplyAt(move, legal[(move * 7 + 3) % legal.Length]);
            }
            DgOutcome o = game.Outcome();
            int seats = (int)o.Seats;
            Console.WriteLine("game " + Game.KindName(kind) + " moves " + game.MoveNumber
                + " hash " + game.StateHash.ToString("x16") + " outcome " + game.EndReason()
                + " scores " + Join(Ints(seats, i => o.Scores[i]))
                + " places " + Join(UInts(seats, i => o.Places[i])));
            Console.WriteLine(BoardLine(game));
            using (var loaded = Game.Load(game.Save()))
            {
                Expect(loaded.StateHash == game.StateHash, "the loaded game to match");
            }
        }
    }

    // Bots at each level for the first decision of each game: the same choice as Rust.
    static void Bots(GameKind kind, ulong seed)
    {
        using (var game = new Game(kind, seed))
        {
            while (game.IsChanceToMove) game.PlayChance();
            uint[] legal = game.LegalActions();
            foreach (BotLevel level in new[] { BotLevel.Easy, BotLevel.Medium, BotLevel.Hard })
            {
                uint action = game.BotChoose(level, 1);
                DgHint[] hints = game.BotHints(level, 1);
                Expect(Array.IndexOf(legal, action) >= 0, "a legal bot action");
                Expect(hints.Length == legal.Length && hints[0].Action == action, "hints rank every legal action, best first");
                Console.WriteLine("bot " + Game.KindName(kind) + " level " + (uint)level + " action " + action);
            }
        }
    }

    static DgStatus StatusOf(Action action)
    {
        try
        {
            action();
        }
        catch (DangianException e)
        {
            Expect(e.Message.Length > 0, "a message");
            return e.Status;
        }
        return DgStatus.Ok;
    }

    static void ErrorPaths()
    {
        Expect(Native.dg_abi_version() == Native.AbiVersion, "the ABI version to match");
        Expect(Game.Version.Length > 0, "a version");
        // The structs are blittable: pinning throws for any that is not.
        foreach (object o in new object[] { new DgOutcome(), new DgChanceOutcome(), new DgOAnQuanBoard(), new DgCaNguaBoard(), new DgDominoBoard() })
        {
            GCHandle pin = GCHandle.Alloc(o, GCHandleType.Pinned);
            pin.Free();
        }
        Expect(Marshal.SizeOf(typeof(DgOutcome)) == 36, "DgOutcome to be 36 bytes");
        Expect(StatusOf(() => new Game((GameKind)9, 1)) == DgStatus.InvalidArgument, "a bad kind to throw");
        Expect(StatusOf(() => new Game(GameKind.Domino, 1, "{\"players\":5}")) == DgStatus.InvalidConfig, "InvalidConfig");
        Expect(StatusOf(() => new Game(GameKind.OAnQuan, 1, "{oops")) == DgStatus.InvalidJson, "InvalidJson");
        Expect(StatusOf(() => Game.Load("{}")) == DgStatus.InvalidRecord, "InvalidRecord");
        using (var game = new Game(GameKind.OAnQuan, 1))
        {
            ulong hash = game.StateHash;
            string state = game.StateJson();
            try
            {
                game.Apply(game.ActionId("b1-")); // seat 0 cannot sow seat 1's square
                Expect(false, "an illegal action to throw");
            }
            catch (DangianException e)
            {
                Expect(e.Status == DgStatus.IllegalAction, "IllegalAction, not " + e.Status);
            }
            Expect(StatusOf(() => game.ApplyAt(3, 1)) == DgStatus.StaleAction, "StaleAction");
            Expect(StatusOf(() => game.PlayChance()) == DgStatus.NotChance, "NotChance");
            Expect(StatusOf(() => game.ViewJson(2)) == DgStatus.InvalidArgument, "a bad seat");
            Expect(StatusOf(() => game.DominoBoard(0)) == DgStatus.WrongGame, "WrongGame");
            Expect(StatusOf(() => game.ActionId("zz")) == DgStatus.UnknownAction, "UnknownAction");
            Expect(game.StateHash == hash && game.StateJson() == state, "the game to be unchanged");
            using (var copy = game.Clone())
            {
                copy.Apply(copy.LegalActions()[0]);
                Expect(copy.MoveNumber == game.MoveNumber + 1, "the clone to be independent");
            }
        }
    }

    static int Main(string[] args)
    {
        // Numbers print the same everywhere.
        System.Threading.Thread.CurrentThread.CurrentCulture = CultureInfo.InvariantCulture;
        try
        {
            if (args.Length == 0)
            {
                ErrorPaths();
                foreach (GameKind kind in new[] { GameKind.OAnQuan, GameKind.CaNgua, GameKind.Domino })
                    Play(kind, 7);
                foreach (GameKind kind in new[] { GameKind.OAnQuan, GameKind.CaNgua, GameKind.Domino })
                    Bots(kind, 7);
                return 0;
            }
            foreach (string path in args)
            {
                using (var game = Game.Load(File.ReadAllText(path, Encoding.UTF8)))
                {
                    Console.WriteLine("vector " + path + " hash " + game.StateHash.ToString("x16") + " state " + game.StateJson());
                }
            }
            return 0;
        }
        catch (DangianException e)
        {
            Console.Error.WriteLine("dangian error " + e.Status + ": " + e.Message);
            return 1;
        }
    }
}
