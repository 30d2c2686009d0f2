// The package's tests (NUnit; in Unity's Test Runner, and under Mono in the repository's
// tests). The comparisons with the Rust engine read the lines it expects from the file named
// by DANGIAN_EXPECTED, which `cargo test -p dangian-ffi --test consumers` writes:
//   game <kind> moves <n> hash <16 hex> outcome <reason> scores <s0,..> places <p0,..>
//   board <kind> <every field of the game's board snapshot at the end>
//   bot <kind> level <n> action <id>
//   vector <file> hash <16 hex> state <json>
//   describe <kind> <vi|en> <action id> <text>
//   fair commitment <64 hex>
// Without that file those tests are ignored; the others run anywhere.
using System;
using System.Collections.Generic;
using System.Globalization;
using System.IO;
using System.Runtime.InteropServices;
using System.Text;
using Dangian;
using NUnit.Framework;

namespace Dangian.Tests
{
    [TestFixture]
    public class GameTests
    {
        static readonly ulong Seed = 7;

        static List<string> Expected(string prefix)
        {
            string path = Environment.GetEnvironmentVariable("DANGIAN_EXPECTED");
            if (string.IsNullOrEmpty(path))
            {
                Assert.Ignore("DANGIAN_EXPECTED names no file of expected lines");
            }
            var lines = new List<string>();
            foreach (string l in File.ReadAllLines(path, Encoding.UTF8))
            {
                if (l.StartsWith(prefix + " ", StringComparison.Ordinal)) lines.Add(l);
            }
            Assert.IsNotEmpty(lines, "expected " + prefix + " lines");
            return lines;
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
                case DgGameKind.OAnQuan:
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
                case DgGameKind.CaNgua:
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

        [SetUp]
        public void InvariantNumbers()
        {
            System.Threading.Thread.CurrentThread.CurrentCulture = CultureInfo.InvariantCulture;
        }

        /// Every game played to the end through the package (the choice rule shared with the
        /// Rust test: legal[(move * 7 + 3) % n], chance from the game's RNG) gives the Rust
        /// engine's result and final board, line for line; the game loop allocates nothing.
        [Test]
        public void EveryGamePlaysToTheEndAsInRust()
        {
            List<string> games = Expected("game");
            List<string> boards = Expected("board");
            var legal = new uint[Native.MaxActions];
            for (int k = 0; k < Game.AllKinds.Length; k++)
            {
                DgGameKind kind = Game.AllKinds[k];
                using (var game = new Game(kind, Seed))
                {
                    game.SetEvents(false);
                    while (!game.IsOver)
                    {
                        if (game.IsChanceToMove)
                        {
                            game.PlayChance();
                            continue;
                        }
                        int n = game.LegalActions(legal);
                        uint move = game.MoveNumber;
                        game.ApplyAt(move, legal[(move * 7 + 3) % (uint)n]);
                    }
                    DgOutcome o = game.Outcome();
                    int seats = (int)o.Seats;
                    string line = "game " + Game.KindName(kind) + " moves " + game.MoveNumber
                        + " hash " + game.StateHash.ToString("x16") + " outcome " + game.EndReason()
                        + " scores " + Join(Ints(seats, i => o.Scores[i]))
                        + " places " + Join(UInts(seats, i => o.Places[i]));
                    Assert.AreEqual(games[k], line);
                    Assert.AreEqual(boards[k], BoardLine(game));
                    using (var loaded = Game.Load(game.Save(), 1))
                    {
                        Assert.AreEqual(game.StateHash, loaded.StateHash);
                        Assert.AreEqual(game.StateJson(), loaded.StateJson());
                    }
                }
            }
        }

        /// The golden vectors of the repository load (as the files are, record inside) and
        /// replay to the state Rust computes.
        [Test]
        public void GoldenVectorsReplayAsInRust()
        {
            foreach (string expected in Expected("vector"))
            {
                string[] parts = expected.Split(new[] { ' ' }, 6);
                string path = parts[1];
                using (var game = Game.Load(File.ReadAllText(path, Encoding.UTF8), 1))
                {
                    Assert.IsTrue(game.IsOver, path);
                    Assert.AreEqual(expected, "vector " + path + " hash " + game.StateHash.ToString("x16") + " state " + game.StateJson());
                }
            }
        }

        /// A hint in an endgame the hard level has solved carries the proven result and says
        /// it in words; bytes that are no certificate are refused, gzip-compressed or not.
        [Test]
        public void HintsSayTheProvenResultAndBadCertificatesAreRefused()
        {
            const string state = "{\"config\":{},\"dan\":[0,0,0,0,1,0,1,0,0,2,1,1],"
                + "\"big\":[{\"kind\":\"captured_by\",\"seat\":1},{\"kind\":\"captured_by\",\"seat\":0}],"
                + "\"cap_dan\":[22,22],\"turn\":0,\"ply\":40,\"end\":null}";
            var hints = new DgHint[Native.MaxActions];
            using (var game = Game.FromStateJson(DgGameKind.OAnQuan, state, 1))
            {
                game.BotHints(0, DgLevel.Hard, 1, hints);
                Assert.AreEqual((uint)DgProven.Loss, hints[0].Proven);
                Assert.AreEqual(-2, hints[0].Margin);
                Assert.AreEqual(11u, hints[0].Plies);
                Assert.AreEqual("thua chắc, kém 2 điểm", Game.ProvenWords(hints[0], DgLang.Vi));
                Assert.AreEqual("loses by force, by 2 points", Game.ProvenWords(hints[0], DgLang.En));
                int n = game.BotHints(0, DgLevel.Easy, 1, hints);
                for (int i = 0; i < n; i++) Assert.AreEqual("", Game.ProvenWords(hints[i], DgLang.En));
            }
            var bad = new DgHint { Proven = 9 };
            Assert.AreEqual(DgStatus.InvalidArgument, Assert.Throws<DangianException>(() => Game.ProvenWords(bad, DgLang.En)).Status);
            Assert.Throws<ArgumentNullException>(() => Game.InstallOAnQuanCertificate(null));
            var e = Assert.Throws<DangianException>(() => Game.InstallOAnQuanCertificate(Encoding.UTF8.GetBytes("dangian-oaq-strategy 1\n")));
            Assert.AreEqual(DgStatus.InvalidCertificate, e.Status);
            byte[] gz;
            using (var output = new System.IO.MemoryStream())
            {
                using (var gzip = new System.IO.Compression.GZipStream(output, System.IO.Compression.CompressionMode.Compress))
                    gzip.Write(new byte[] { 1, 2, 3 }, 0, 3);
                gz = output.ToArray();
            }
            e = Assert.Throws<DangianException>(() => Game.InstallOAnQuanCertificate(gz));
            Assert.AreEqual(DgStatus.InvalidCertificate, e.Status);
            e = Assert.Throws<DangianException>(() => Game.InstallOAnQuanCertificate(new byte[] { 0x1f, 0x8b, 0, 0 }));
            Assert.AreEqual(DgStatus.InvalidCertificate, e.Status);
            Game.UninstallOAnQuanCertificates();
        }

        /// Bots at every level choose what the Rust bots choose, rank every legal action once,
        /// and refuse a seat that is not to move; the worker thread gives the same answer.
        [Test]
        public void BotsAtEveryLevelMatchRust()
        {
            List<string> expected = Expected("bot");
            var got = new List<string>();
            var hints = new DgHint[Native.MaxActions];
            foreach (DgGameKind kind in Game.AllKinds)
            {
                using (var game = new Game(kind, Seed))
                {
                    while (game.IsChanceToMove) game.PlayChance();
                    int seat = game.ToMove.Seat;
                    uint[] legal = game.LegalActions();
                    foreach (DgLevel level in Game.AllLevels)
                    {
                        uint action = game.BotChoose(seat, level, 1);
                        int n = game.BotHints(seat, level, 1, hints);
                        Assert.AreEqual(legal.Length, n);
                        Assert.AreEqual(action, hints[0].Action);
                        Assert.AreEqual(action, BotWorker.ChooseAsync(game, seat, level, 1).Result);
                        got.Add("bot " + Game.KindName(kind) + " level " + (uint)level + " action " + action);
                    }
                    var e = Assert.Throws<DangianException>(() => game.BotChoose((seat + 1) % game.Seats, DgLevel.Easy, 1));
                    Assert.AreEqual(DgStatus.NoDecision, e.Status);
                    // The expert: a time budget, so not reproducible; only its legality is checked.
                    CollectionAssert.Contains(legal, game.BotChooseBudget(seat, 2, 1));
                    CollectionAssert.Contains(legal, BotWorker.ChooseBudgetAsync(game, seat, 2, 1).Result);
                }
            }
            CollectionAssert.AreEqual(expected, got);
        }

        /// The callback form of the worker reports on the caller's context (or the worker).
        /// Descriptions are Rust's, word for word, in both languages; a game played with fair
        /// chance verifies, and the same record with one die changed is refused as unfair.
        [Test]
        public void DescriptionsAndFairChanceMatchRust()
        {
            foreach (string line in Expected("describe"))
            {
                string[] f = line.Split(new[] { ' ' }, 5);
                DgGameKind kind = DgGameKind.OAnQuan;
                foreach (DgGameKind k in Game.AllKinds) if (Game.KindName(k) == f[1]) kind = k;
                DgLang lang = f[2] == "vi" ? DgLang.Vi : DgLang.En;
                using (var game = new Game(kind, Seed))
                {
                    Assert.AreEqual(f[4], game.DescribeAction(uint.Parse(f[3], CultureInfo.InvariantCulture), lang, Native.AllSeats), line);
                }
            }
            string seed = "";
            for (int i = 0; i < 32; i++) seed += "07";
            string commitment = Game.FairCommitment(seed);
            Assert.AreEqual(Expected("fair")[0], "fair commitment " + commitment);
            string record;
            using (var game = new Game(DgGameKind.CaNgua, Seed))
            {
                game.SetFairChance(seed, "[\"an\", \"b\u00ecnh\"]");
                StringAssert.Contains(commitment, game.FairnessJson());
                var legal = new uint[Native.MaxActions];
                int move = 0;
                while (!game.ToMove.IsOver)
                {
                    if (game.ToMove.IsChance)
                    {
                        game.PlayChance();
                        StringAssert.StartsWith("[", game.DescribeEvents(DgLang.Vi, 0));
                    }
                    else
                    {
                        int n = game.LegalActions(legal);
                        game.Apply(legal[(move * 7 + 3) % n]);
                    }
                    move++;
                }
                record = game.Save();
            }
            StringAssert.Contains(commitment, Game.VerifyRecord(record));
            // The first roll changed: the verifier names chance outcome 0.
            int at = record.IndexOf("\"actions\":[\"r", StringComparison.Ordinal) + 12;
            string first = record.Substring(at, record.IndexOf('"', at) - at);
            string tampered = record.Substring(0, at) + (first == "r1-1" ? "r2-2" : "r1-1") + record.Substring(at + first.Length);
            var e = Assert.Throws<DangianException>(() => Game.VerifyRecord(tampered));
            Assert.AreEqual(DgStatus.Unfair, e.Status);
            StringAssert.Contains("chance outcome 0", e.Message);
        }

        /// Fair chance is set up before the first action, with bounded player seeds; a game
        /// loaded from a fair record keeps its commitment, plays no chance before its server
        /// seed is set again and refuses another; a record from a chosen start is unfair.
        [Test]
        public void FairChanceSetUpIsEnforced()
        {
            var seed = new StringBuilder();
            var other = new StringBuilder();
            for (int i = 0; i < 32; i++) { seed.Append("07"); other.Append("11"); }
            DangianException e;
            using (var late = new Game(DgGameKind.CaNgua, Seed))
            {
                late.PlayChance();
                e = Assert.Throws<DangianException>(() => late.SetFairChance(seed.ToString()));
                Assert.AreEqual(DgStatus.Unfair, e.Status);
                Assert.AreEqual("null", late.FairnessJson());
            }
            var tooMany = new StringBuilder("[");
            for (int i = 0; i <= (int)Native.MaxPlayerSeeds; i++) tooMany.Append(i == 0 ? "\"s\"" : ",\"s\"");
            tooMany.Append("]");
            var tooLong = "[\"" + new string('x', (int)Native.MaxPlayerSeedBytes + 1) + "\"]";
            var legal = new uint[Native.MaxActions];
            using (var game = new Game(DgGameKind.CaNgua, Seed))
            {
                foreach (string seeds in new[] { tooMany.ToString(), tooLong })
                {
                    e = Assert.Throws<DangianException>(() => game.SetFairChance(seed.ToString(), seeds));
                    Assert.AreEqual(DgStatus.InvalidArgument, e.Status);
                }
                game.SetFairChance(seed.ToString(), "[\"an\"]");
                e = Assert.Throws<DangianException>(() => game.SetFairChance(other.ToString(), "[\"an\"]"));
                Assert.AreEqual(DgStatus.Unfair, e.Status);
                for (int i = 0; i < 5; i++)
                {
                    game.PlayChance();
                    while (game.ToMove.IsSeat) { game.LegalActions(legal); game.Apply(legal[0]); }
                }
                using (var loaded = Game.Load(game.Save(), 9))
                {
                    Assert.AreEqual(game.FairnessJson(), loaded.FairnessJson());
                    e = Assert.Throws<DangianException>(() => loaded.PlayChance());
                    Assert.AreEqual(DgStatus.Unfair, e.Status);
                    e = Assert.Throws<DangianException>(() => loaded.SetFairChance(other.ToString(), "[\"an\"]"));
                    Assert.AreEqual(DgStatus.Unfair, e.Status);
                    loaded.SetFairChance(seed.ToString(), "[\"an\"]");
                    Assert.AreEqual(game.PlayChance(), loaded.PlayChance());
                }
            }
            // The host rolls a double six for seat 0 before the game and starts from there.
            using (var chosen = new Game(DgGameKind.CaNgua, Seed))
            {
                chosen.ApplyChance(chosen.ActionId("r6-6"));
                using (var fromChosen = Game.FromStateJson(DgGameKind.CaNgua, chosen.StateJson(), 1))
                {
                    e = Assert.Throws<DangianException>(() => fromChosen.SetFairChance(seed.ToString()));
                    Assert.AreEqual(DgStatus.Unfair, e.Status);
                    StringAssert.Contains("chosen position", e.Message);
                }
            }
        }

        [Test]
        public void TheWorkerCallsBack()
        {
            using (var game = new Game(DgGameKind.OAnQuan, Seed))
            {
                var done = new System.Threading.ManualResetEvent(false);
                uint chosen = 999;
                BotWorker.Choose(game, 0, DgLevel.Medium, 3, a => { chosen = a; done.Set(); }, e => done.Set());
                Assert.IsTrue(done.WaitOne(60000), "the worker answered");
                Assert.AreEqual(game.BotChoose(0, DgLevel.Medium, 3), chosen);
                done.Reset();
                Exception failure = null;
                BotWorker.Choose(game, 1, DgLevel.Easy, 3, a => done.Set(), e => { failure = e; done.Set(); });
                Assert.IsTrue(done.WaitOne(60000));
                Assert.IsInstanceOf<DangianException>(failure);
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
                Assert.IsNotEmpty(e.Message);
                return e.Status;
            }
            return DgStatus.Ok;
        }

        static string Padded(string json, uint length)
        {
            return json.Substring(0, 1) + new string(' ', (int)length - json.Length) + json.Substring(1);
        }

        /// Input longer than the header's bounds is refused before it is parsed, an unknown
        /// field inside a nested object is refused, and the events of the costliest move are
        /// described in at most Native.MaxDescribedEvents lines and one summing up the rest.
        [Test]
        public void HostileInputIsBoundedAndStrict()
        {
            Assert.AreEqual(16384u, Native.MaxConfigJson);
            using (new Game(DgGameKind.OAnQuan, 1, Padded("{}", Native.MaxConfigJson))) { }
            Assert.AreEqual(DgStatus.InvalidConfig, StatusOf(() => new Game(DgGameKind.OAnQuan, 1, Padded("{}", Native.MaxConfigJson + 1))));
            var typo = Assert.Throws<DangianException>(() => new Game(DgGameKind.OAnQuan, 1, "{\"match_mode\":{\"kind\":\"debt_carry_over\",\"stake_per_halve\":20}}"));
            Assert.AreEqual(DgStatus.InvalidConfig, typo.Status);
            StringAssert.Contains("stake_per_halve", typo.Message);
            using (var game = new Game(DgGameKind.Domino, 1))
            {
                string state = game.StateJson();
                using (Game.FromStateJson(DgGameKind.Domino, Padded(state, Native.MaxStateJson), 1)) { }
                Assert.AreEqual(DgStatus.InvalidState, StatusOf(() => Game.FromStateJson(DgGameKind.Domino, Padded(state, Native.MaxStateJson + 1), 1)));
                string record = game.Save();
                using (Game.Load(Padded(record, 4096), 1)) { }
                var large = Assert.Throws<DangianException>(() => Game.Load(Padded(record, Native.MaxRecordJson + 1), 1));
                Assert.AreEqual(DgStatus.InvalidRecord, large.Status);
                StringAssert.Contains("at most 16777216", large.Message);
            }
            string relays = "{\"relay_at_quan\":\"take_all\",\"relay_loop\":{\"kind\":\"end_turn_on_repeat\"}}";
            using (var game = new Game(DgGameKind.OAnQuan, 1, relays))
            {
                foreach (string move in "a1+ b5+ a3+ b2+ a2- b3- a5+ b1+".Split(' '))
                    game.Apply(game.ActionId(move));
                string lines = game.DescribeEvents(DgLang.En, Native.AllSeats);
                StringAssert.Contains("more events", lines);
                Assert.Less(lines.Length, 100000, "the words of one move are bounded");
                Assert.AreEqual(lines, game.DescribeEvents(DgLang.En, Native.AllSeats));
            }
        }

        /// Every error path raises a DangianException with its status and leaves the game as
        /// it was.
        [Test]
        public void ErrorsAreExceptionsAndChangeNothing()
        {
            Assert.AreEqual(Native.AbiVersion, Game.AbiVersion);
            Assert.AreEqual(Native.Version, Game.Version);
            foreach (object o in new object[] { new DgOutcome(), new DgChanceOutcome(), new DgHint(), new DgOAnQuanBoard(), new DgCaNguaBoard(), new DgDominoBoard() })
            {
                GCHandle pin = GCHandle.Alloc(o, GCHandleType.Pinned); // throws unless blittable
                pin.Free();
            }
            Assert.AreEqual(4 + 4 * 4 + 4 * 4, Marshal.SizeOf(typeof(DgOutcome)));
            Assert.Throws<ArgumentOutOfRangeException>(() => new Game((DgGameKind)9, 1)); // refused before the native call
            Assert.AreEqual(DgStatus.InvalidConfig, StatusOf(() => new Game(DgGameKind.Domino, 1, "{\"players\":5}")));
            Assert.AreEqual(DgStatus.InvalidJson, StatusOf(() => new Game(DgGameKind.OAnQuan, 1, "{oops")));
            Assert.AreEqual(DgStatus.InvalidConfig, StatusOf(() => Game.FromPreset(DgGameKind.CaNgua, "no such preset", 1)));
            Assert.AreEqual(DgStatus.InvalidRecord, StatusOf(() => Game.Load("{}", 1)));
            Assert.AreEqual(DgStatus.InvalidJson, StatusOf(() => Game.Load("{", 1)));
            Assert.AreEqual(DgStatus.InvalidState, StatusOf(() => Game.FromStateJson(DgGameKind.OAnQuan, "{}", 1)));
            CollectionAssert.Contains(Game.Presets(DgGameKind.OAnQuan), "tonkin");
            Assert.AreEqual("seed_rules", Game.Presets(DgGameKind.Domino)[0]);
            Assert.AreEqual("pay_to_refill", Game.TablePresets(DgGameKind.OAnQuan)[0]);
            CollectionAssert.Contains(Game.TablePresets(DgGameKind.OAnQuan), "seed_rules");
            CollectionAssert.IsSubsetOf(Game.TablePresets(DgGameKind.CaNgua), Game.Presets(DgGameKind.CaNgua));
            using (var game = Game.FromPreset(DgGameKind.OAnQuan, "seed_rules", 1))
            {
                ulong hash = game.StateHash;
                string state = game.StateJson();
                var e = Assert.Throws<DangianException>(() => game.Apply(game.ActionId("b1-")));
                Assert.AreEqual(DgStatus.IllegalAction, e.Status);
                Assert.AreEqual(DgReason.OAnQuanNotOwnSquare, e.Reason);
                Assert.AreEqual(DgReason.OAnQuanNotOwnSquare, Game.LastReason);
                string why;
                Assert.IsFalse(game.IsLegal(game.ActionId("b1-"), out why));
                StringAssert.Contains("belongs to player B", why);
                Assert.IsTrue(game.IsLegal(game.ActionId("a1+"), out why));
                Assert.AreEqual(DgStatus.StaleAction, StatusOf(() => game.ApplyAt(3, 1)));
                Assert.AreEqual(DgStatus.NotChance, StatusOf(() => game.PlayChance()));
                Assert.AreEqual(DgStatus.NotChance, StatusOf(() => game.ApplyChance(0)));
                Assert.AreEqual(DgStatus.InvalidArgument, StatusOf(() => game.ViewJson(2)));
                Assert.AreEqual(DgStatus.InvalidArgument, StatusOf(() => game.ViewHash(2)));
                Assert.AreEqual(DgStatus.InvalidArgument, StatusOf(() => game.EventsJson(-7)));
                Assert.AreEqual(DgStatus.WrongGame, StatusOf(() => game.DominoBoard(0)));
                Assert.AreEqual(DgStatus.WrongGame, StatusOf(() => game.CaNguaBoard()));
                Assert.AreEqual(DgStatus.UnknownAction, StatusOf(() => game.ActionId("zz")));
                Assert.AreEqual(DgStatus.UnknownAction, StatusOf(() => game.ActionText(999)));
                Assert.AreEqual(DgStatus.NotOver, StatusOf(() => game.Outcome()));
                Assert.AreEqual(DgStatus.NotOver, StatusOf(() => game.EndReason()));
                Assert.AreEqual(DgStatus.BufferTooSmall, StatusOf(() => game.LegalActions(new uint[2])));
                Assert.AreEqual(hash, game.StateHash);
                Assert.AreEqual(state, game.StateJson());
                // The position round-trips through JSON, the config reads back, the view and
                // events are JSON, and a clone is independent.
                using (var again = Game.FromStateJson(DgGameKind.OAnQuan, state, 1))
                {
                    Assert.AreEqual(hash, again.StateHash);
                }
                StringAssert.Contains("\"dan_per_square\":5", game.ConfigJson());
                StringAssert.StartsWith("{", game.ViewJson(0));
                Assert.AreEqual(game.ViewHash(0) == game.ViewHash(1), false);
                Assert.AreEqual("[]", game.EventsJson(Native.AllSeats));
                Assert.AreEqual(0, game.LegalActionsFor(1, new uint[Native.MaxActions]));
                Assert.Greater(game.MaxMoves, 0u);
                Assert.IsNotEmpty(game.BoardText());
                using (var copy = game.Clone())
                {
                    copy.Apply(copy.LegalActions()[0]);
                    Assert.AreEqual(game.MoveNumber + 1, copy.MoveNumber);
                    StringAssert.StartsWith("[{\"kind\":\"pick_up\"", copy.EventsJson(Native.AllSeats));
                }
            }
            using (var game = new Game(DgGameKind.Domino, 3))
            {
                var outcomes = new DgChanceOutcome[Native.MaxActions];
                Assert.AreEqual(28, game.ChanceOutcomes(outcomes));
                game.ApplyChance(outcomes[0].Action);
                Assert.AreEqual(DgGameKind.Domino, game.Kind);
                Assert.AreEqual(2, game.Seats);
            }
            Game disposed = new Game(DgGameKind.CaNgua, 1);
            disposed.Dispose();
            Assert.Throws<ObjectDisposedException>(() => { var m = disposed.MoveNumber; });
        }

        [Test]
        public void PresetsSeatsAndTheEndInWords()
        {
            foreach (DgGameKind kind in new[] { DgGameKind.OAnQuan, DgGameKind.CaNgua, DgGameKind.Domino })
            {
                foreach (string preset in Game.Presets(kind))
                {
                    string vi = Game.PresetName(kind, preset, DgLang.Vi);
                    string en = Game.PresetName(kind, preset, DgLang.En);
                    Assert.IsNotEmpty(vi);
                    Assert.AreNotEqual(vi, en, preset);
                    Assert.AreNotEqual(Game.PresetSummary(kind, preset, DgLang.Vi), Game.PresetSummary(kind, preset, DgLang.En));
                }
                using (var game = new Game(kind, 5))
                {
                    Assert.AreEqual("[]", game.OutcomeLinesJson(DgLang.En));
                    StringAssert.StartsWith("Người 1", game.SeatName(0, DgLang.Vi));
                    StringAssert.StartsWith("Player 2", game.SeatName(1, DgLang.En));
                    var ids = new uint[Native.MaxActions];
                    int turn = 0;
                    while (!game.IsOver)
                    {
                        if (game.ToMove.IsChance) { game.PlayChance(); continue; }
                        int n = game.LegalActions(ids);
                        game.Apply(ids[(turn++ * 7 + 3) % n]);
                    }
                    StringAssert.StartsWith("[\"", game.OutcomeLinesJson(DgLang.Vi));
                }
            }
            Assert.AreEqual("Threefold repetition", Game.PresetName(DgGameKind.OAnQuan, "threefold", DgLang.En));
            Assert.Throws<DangianException>(() => Game.PresetName(DgGameKind.Domino, "nope", DgLang.En));
            using (var game = new Game(DgGameKind.CaNgua, 1))
            {
                Assert.AreEqual("Người 1 (đỏ)", game.SeatName(0, DgLang.Vi));
                Assert.Throws<DangianException>(() => game.SeatName(4, DgLang.Vi));
            }
        }

        [Test]
        public void HostileArgumentsAreRefusedBeforeNativeCode()
        {
            Assert.Throws<ArgumentNullException>(() => new Game(DgGameKind.OAnQuan, 1, null));
            Assert.Throws<ArgumentNullException>(() => Game.FromPreset(DgGameKind.OAnQuan, null, 1));
            Assert.Throws<ArgumentNullException>(() => Game.FromStateJson(DgGameKind.OAnQuan, null, 1));
            Assert.Throws<ArgumentNullException>(() => Game.Load(null, 1));
            Assert.Throws<ArgumentNullException>(() => Game.FairCommitment(null));
            Assert.Throws<ArgumentNullException>(() => Game.VerifyRecord(null));
            Assert.Throws<ArgumentOutOfRangeException>(() => new Game((DgGameKind)99, 1));
            Assert.Throws<ArgumentOutOfRangeException>(() => Game.Presets((DgGameKind)99));
            Assert.Throws<ArgumentOutOfRangeException>(() => Game.KindName((DgGameKind)uint.MaxValue));
            using (var game = new Game(DgGameKind.OAnQuan, 1))
            {
                Assert.Throws<ArgumentNullException>(() => game.ActionId(null));
                Assert.Throws<ArgumentNullException>(() => game.SetFairChance(null));
                Assert.Throws<ArgumentNullException>(() => game.LegalActions(null));
                Assert.Throws<ArgumentNullException>(() => game.LegalActionsFor(0, null));
                Assert.Throws<ArgumentNullException>(() => game.ChanceOutcomes(null));
                Assert.Throws<ArgumentNullException>(() => game.BotHints(0, DgLevel.Easy, 1, null));
                Assert.Throws<ArgumentOutOfRangeException>(() => game.BotChoose(0, (DgLevel)7, 1));
                Assert.Throws<ArgumentOutOfRangeException>(() => game.BotHints(0, (DgLevel)7, 1, new DgHint[Native.MaxActions]));
                Assert.Throws<ArgumentOutOfRangeException>(() => game.BotChooseBudget(0, 0, 1));
                Assert.Throws<ArgumentOutOfRangeException>(() => game.DescribeAction(0, (DgLang)5, Native.AllSeats));
                Assert.Throws<ArgumentOutOfRangeException>(() => game.DescribeEvents((DgLang)5, Native.AllSeats));
                // Nothing reached the game: it is as new.
                Assert.AreEqual(0u, game.MoveNumber);
                Assert.AreEqual(10, game.LegalActions().Length);
            }
        }

        [Test]
        public void BatchStepsManyGamesAndPlayoutsRunInside()
        {
            using (var batch = new Batch(DgGameKind.OAnQuan, 3, 5))
            {
                int n = batch.NumGames;
                Assert.AreEqual(3, n);
                var actions = new uint[n];
                var obs = new float[n * batch.ObservationLen];
                var masks = new byte[n * batch.ActionIds];
                var rewards = new float[n * batch.Seats];
                var dones = new byte[n];
                var toPlay = new int[n];
                ulong ended = 0;
                for (int i = 0; i < 400; i++)
                {
                    batch.RandomActions(actions);
                    batch.Step(actions, obs, masks, rewards, dones, toPlay);
                    for (int g = 0; g < n; g++)
                    {
                        Assert.IsTrue(toPlay[g] >= 0, "a seat is always to move");
                        ended += dones[g];
                    }
                }
                Assert.IsTrue(ended > 0);
                Assert.AreEqual(ended, batch.Episodes);
                // A refused step (an unknown id, a short array) changes no game.
                var before = new float[obs.Length];
                batch.Observe(before, masks, toPlay);
                batch.RandomActions(actions);
                actions[1] = 100000;
                var e = Assert.Throws<DangianException>(() => batch.Step(actions, obs, masks, rewards, dones, toPlay));
                Assert.AreEqual(DgStatus.UnknownAction, e.Status);
                e = Assert.Throws<DangianException>(() => batch.Step(actions, new float[1], masks, rewards, dones, toPlay));
                Assert.AreEqual(DgStatus.InvalidArgument, e.Status);
                var after = new float[obs.Length];
                batch.Observe(after, masks, toPlay);
                CollectionAssert.AreEqual(before, after);
                batch.Reset(5);
                Assert.AreEqual(0UL, batch.Episodes);
            }
            using (var game = new Game(DgGameKind.OAnQuan, Seed))
            {
                DgPlayouts p = game.Playouts(9, 10);
                Assert.AreEqual(10UL, p.Playouts);
                Assert.IsTrue(p.Actions >= p.Decisions && p.Decisions > 0);
                Assert.AreEqual(2U, p.Seats);
                Assert.AreEqual(p, game.Playouts(9, 10));
                Assert.AreEqual(0U, game.MoveNumber, "the game is not changed");
            }
        }
    }
}
