// The typed classes generated from the JSON Schemas (Runtime/Generated), read from real games
// played through the API: every event kind of every game appears and parses to its class,
// views, outcomes and configs parse and agree with the native calls; ToMove, seats as int,
// and cancellation of bot calls.
using System;
using System.Collections.Generic;
using System.Linq;
using System.Text;
using System.Threading;
using System.Threading.Tasks;
using Dangian;
using NUnit.Framework;

namespace Dangian.Tests
{
    [TestFixture]
    public class TypedTests
    {
        // "RoundScored" -> "round_scored": the JSON kind of a nested event class.
        static string Snake(string pascal)
        {
            var sb = new StringBuilder();
            for (int i = 0; i < pascal.Length; i++)
            {
                char c = pascal[i];
                if (char.IsUpper(c))
                {
                    if (i > 0) sb.Append('_');
                    sb.Append(char.ToLowerInvariant(c));
                }
                else sb.Append(c);
            }
            return sb.ToString();
        }

        // The event classes of a game: the nested classes of its Event.
        static HashSet<string> EventClasses(Type eventType)
        {
            var names = new HashSet<string>();
            foreach (Type t in eventType.GetNestedTypes())
            {
                if (t.IsSubclassOf(eventType)) names.Add(t.Name);
            }
            return names;
        }

        // The typed events of the last action for a seat (or every seat), checked against the
        // raw JSON: one object per event, each of the class its kind names.
        static IEnumerable<object> Events(Game game, int seat)
        {
            string json = game.EventsJson(seat);
            JsonValue raw = JsonValue.Parse(json);
            object[] typed;
            switch (game.Kind)
            {
                case DgGameKind.OAnQuan: typed = game.OAnQuanEvents(seat); break;
                case DgGameKind.CaNgua: typed = game.CaNguaEvents(seat); break;
                default: typed = game.DominoEvents(seat); break;
            }
            Assert.AreEqual(raw.Count, typed.Length, json);
            for (int i = 0; i < typed.Length; i++)
            {
                string kind = raw[i].Field("kind").AsText();
                Assert.AreEqual(kind, Snake(typed[i].GetType().Name), json);
                Assert.AreEqual(kind, (string)typed[i].GetType().GetField("Kind").GetValue(typed[i]));
            }
            return typed;
        }

        // The typed view's to_move, move number and (once over) outcome against the native calls.
        static void CheckView(Game game, int seat)
        {
            ToMove toMove;
            long moveNumber;
            int[] places = null;
            switch (game.Kind)
            {
                case DgGameKind.OAnQuan:
                {
                    var v = game.OAnQuanView(seat);
                    toMove = v.ToMove; moveNumber = v.MoveNumber;
                    Assert.AreEqual(seat, v.Seat);
                    if (v.Outcome != null) places = v.Outcome.Places;
                    break;
                }
                case DgGameKind.CaNgua:
                {
                    var v = game.CaNguaView(seat);
                    toMove = v.ToMove; moveNumber = v.MoveNumber;
                    Assert.AreEqual(seat, v.Seat);
                    if (v.Outcome != null) places = v.Outcome.Places;
                    break;
                }
                default:
                {
                    var v = game.DominoView(seat);
                    toMove = v.ToMove; moveNumber = v.MoveNumber;
                    Assert.AreEqual(seat, v.Seat);
                    Assert.IsNotNull(v.Hand);
                    if (v.Outcome != null) places = v.Outcome.Places;
                    break;
                }
            }
            Assert.AreEqual(game.ToMove, toMove);
            Assert.AreEqual((long)game.MoveNumber, moveNumber);
            Assert.AreEqual(game.IsOver, places != null);
            if (places != null)
            {
                DgOutcome o = game.Outcome();
                for (int s = 0; s < game.Seats; s++) Assert.AreEqual((int)o.Places[s], places[s]);
            }
        }

        static void CheckConfig(Game game)
        {
            switch (game.Kind)
            {
                case DgGameKind.OAnQuan: Assert.Greater(game.OAnQuanConfig().MaxPlies, 0); break;
                case DgGameKind.CaNgua: Assert.Greater(game.CaNguaConfig().TrackLen, 0); break;
                default: Assert.AreEqual(game.Seats, game.DominoConfig().Players); break;
            }
        }

        [Test]
        public void EveryEventKindOfEveryGameAppearsAndParsesToItsClass()
        {
            foreach (DgGameKind kind in Game.AllKinds)
            {
                Type eventType = kind == DgGameKind.OAnQuan ? typeof(OAnQuan.Event)
                    : kind == DgGameKind.CaNgua ? typeof(CaNgua.Event) : typeof(Domino.Event);
                HashSet<string> all = EventClasses(eventType);
                Assert.Greater(all.Count, 5, kind.ToString());
                var seen = new HashSet<string>();
                // Every preset, and configs for the kinds no preset gives.
                var tables = new List<Func<ulong, Game>>();
                foreach (string preset in Game.Presets(kind)) tables.Add(seed => Game.FromPreset(kind, preset, seed));
                // A bonus roll forfeited after one bonus in a row.
                if (kind == DgGameKind.CaNgua) tables.Add(seed => new Game(kind, seed, "{\"max_consecutive_bonus\":2}"));
                // Re-deals on two doubles in a hand; the chợ by choice.
                if (kind == DgGameKind.Domino) tables.Add(seed => new Game(kind, seed, "{\"redeal_if_doubles_at_least\":2,\"draw_policy\":\"voluntary\"}"));
                for (int table = 0; table < tables.Count; table++)
                {
                    for (ulong seed = 1; seed <= 2; seed++)
                    {
                        using (Game game = tables[table](seed))
                        {
                            CheckConfig(game);
                            var rng = new Random((int)seed * 31 + table);
                            var legal = new uint[Native.MaxActions];
                            while (!game.IsOver)
                            {
                                ToMove turn = game.ToMove;
                                if (turn.IsChance) game.PlayChance();
                                else game.Apply(legal[rng.Next(game.LegalActions(legal))]);
                                foreach (object e in Events(game, Native.AllSeats)) seen.Add(e.GetType().Name);
                                for (int s = 0; s < game.Seats; s++)
                                {
                                    foreach (object e in Events(game, s)) seen.Add(e.GetType().Name);
                                }
                                if (turn.IsSeat) CheckView(game, turn.Seat);
                            }
                            for (int s = 0; s < game.Seats; s++) CheckView(game, s);
                        }
                    }
                }
                // Ô ăn quan's match_settled comes from the Rust engine's Match, which the C ABI
                // does not play: it cannot appear here, and is read from its JSON form instead.
                if (kind == DgGameKind.OAnQuan)
                {
                    Assert.IsFalse(seen.Contains("MatchSettled"));
                    var settled = (OAnQuan.Event.MatchSettled)OAnQuan.Event.FromJson("{\"kind\":\"match_settled\",\"games\":3,\"balance\":[-12,12]}");
                    Assert.AreEqual(3L, settled.Games);
                    CollectionAssert.AreEqual(new[] { -12, 12 }, settled.Balance);
                    seen.Add("MatchSettled");
                }
                var missing = all.Where(n => !seen.Contains(n)).ToList();
                Assert.IsEmpty(missing, kind + ": event kinds never seen: " + string.Join(", ", missing));
            }
        }

        // Field by field, arrays item by item, the generated classes' fields recursively.
        static void AssertDeepEqual(object want, object got, string path)
        {
            if (want == null || got == null)
            {
                Assert.AreEqual(want, got, path);
                return;
            }
            Assert.AreEqual(want.GetType(), got.GetType(), path);
            var wantArray = want as Array;
            if (wantArray != null)
            {
                var gotArray = (Array)got;
                Assert.AreEqual(wantArray.Length, gotArray.Length, path);
                for (int i = 0; i < wantArray.Length; i++) AssertDeepEqual(wantArray.GetValue(i), gotArray.GetValue(i), path + "[" + i + "]");
                return;
            }
            Type t = want.GetType();
            if (t.Namespace != null && t.Namespace.StartsWith("Dangian.", StringComparison.Ordinal) && t.IsClass)
            {
                foreach (var f in t.GetFields()) AssertDeepEqual(f.GetValue(want), f.GetValue(got), path + "." + f.Name);
                return;
            }
            Assert.AreEqual(want, got, path);
        }

        [Test]
        public void AConfigReadFromEmptyJsonHasTheDefaultsTheLibraryGives()
        {
            using (var g = new Game(DgGameKind.OAnQuan, 1)) AssertDeepEqual(g.OAnQuanConfig(), OAnQuan.Config.FromJson("{}"), "OAnQuan");
            using (var g = new Game(DgGameKind.CaNgua, 1)) AssertDeepEqual(g.CaNguaConfig(), CaNgua.CaNguaConfig.FromJson("{}"), "CaNgua");
            using (var g = new Game(DgGameKind.Domino, 1)) AssertDeepEqual(g.DominoConfig(), Domino.DominoConfig.FromJson("{}"), "Domino");
            // And a field given overrides its default.
            Assert.AreEqual(4, Domino.DominoConfig.FromJson("{\"players\":4}").Players);
            Assert.AreEqual(2, Domino.DominoConfig.FromJson("{}").Players);
        }

        [Test]
        public void ToMoveIsASeatChanceOrOver()
        {
            Assert.AreEqual(ToMove.Chance, ToMove.FromNative(Native.ToMoveChance));
            Assert.AreEqual(ToMove.Over, ToMove.FromNative(Native.ToMoveOver));
            Assert.AreEqual(2, ToMove.FromNative(2).Seat);
            Assert.IsTrue(ToMove.FromNative(0).IsSeat);
            Assert.Throws<InvalidOperationException>(() => { int s = ToMove.Chance.Seat; });
            Assert.Throws<InvalidOperationException>(() => { int s = ToMove.Over.Seat; });
            Assert.Throws<ArgumentOutOfRangeException>(() => ToMove.OfSeat(-3));
            Assert.AreEqual(ToMove.OfSeat(1), ToMove.FromJson(JsonValue.Parse("{\"kind\":\"seat\",\"seat\":1}")));
            Assert.AreEqual(ToMove.Over, ToMove.FromJson(JsonValue.Parse("{\"kind\":\"over\"}")));
            Assert.Throws<FormatException>(() => ToMove.FromJson(JsonValue.Parse("{\"kind\":\"nobody\"}")));
            using (var game = new Game(DgGameKind.CaNgua, 3))
            {
                Assert.IsTrue(game.ToMove.IsChance);
                Assert.IsTrue(game.IsChanceToMove);
                while (game.ToMove.IsChance) game.PlayChance();
                Assert.AreEqual("seat " + game.ToMove.Seat, game.ToMove.ToString());
            }
        }

        [Test]
        public void SeatsAreIntAndANegativeSeatIsRefused()
        {
            using (var game = new Game(DgGameKind.Domino, 1))
            {
                int seats = game.Seats;
                Assert.AreEqual(2, seats);
                Assert.Throws<ArgumentOutOfRangeException>(() => game.ViewJson(-1));
                Assert.Throws<ArgumentOutOfRangeException>(() => game.ViewHash(-2));
                Assert.Throws<ArgumentOutOfRangeException>(() => game.BotChoose(-1, DgLevel.Easy, 1));
                Assert.Throws<ArgumentOutOfRangeException>(() => game.DominoBoard(-1));
                Assert.Throws<ArgumentOutOfRangeException>(() => game.LegalActionsFor(-1, new uint[Native.MaxActions]));
                var e = Assert.Throws<DangianException>(() => game.OAnQuanView(0));
                Assert.AreEqual(DgStatus.WrongGame, e.Status);
                Assert.AreEqual(DgStatus.WrongGame, Assert.Throws<DangianException>(() => game.CaNguaEvents(0)).Status);
            }
        }

        [Test]
        public void TheJsonReaderRefusesWhatIsNotJsonOrNotTheForm()
        {
            foreach (string bad in new[] { "", "{", "[1,", "{\"a\" 1}", "tru", "\"open", "[1] 2", "{\"a\":-}", "\"\\x\"" })
            {
                Assert.Throws<FormatException>(() => JsonValue.Parse(bad), bad);
            }
            Assert.Throws<FormatException>(() => JsonValue.Parse(new string('[', 100) + new string(']', 100)));
            Assert.AreEqual("a\"\u1ea1\n", JsonValue.Parse("\"a\\\"\\u1ea1\\n\"").AsText());
            Assert.AreEqual(-12, JsonValue.Parse(" -12 ").AsInt());
            Assert.Throws<FormatException>(() => JsonValue.Parse("1.5").AsInt());
            Assert.Throws<FormatException>(() => JsonValue.Parse("4294967296").AsInt());
            // The forms: an unknown kind, a missing field, a field of another type.
            Assert.Throws<FormatException>(() => OAnQuan.Event.ArrayFromJson("[{\"kind\":\"teleport\"}]"));
            Assert.Throws<FormatException>(() => OAnQuan.Event.ArrayFromJson("[{\"kind\":\"pick_up\"}]"));
            Assert.Throws<FormatException>(() => Domino.Event.FromJson("{\"kind\":\"passed\",\"seat\":\"one\"}"));
            Assert.Throws<FormatException>(() => CaNgua.Outcome.FromJson("[]"));
            var passed = (Domino.Event.Passed)Domino.Event.FromJson("{\"kind\":\"passed\",\"seat\":1}");
            Assert.AreEqual(1, passed.Seat);
            Assert.AreEqual("passed", passed.Kind);
        }

        [Test]
        public void ABotCallCancelledBeforeItStartsNeverRuns()
        {
            using (var game = new Game(DgGameKind.OAnQuan, 1))
            {
                var cancel = new CancellationTokenSource();
                cancel.Cancel();
                Task<uint> t = BotWorker.ChooseAsync(game, 0, DgLevel.Hard, 1, cancel.Token);
                Assert.IsTrue(t.IsCanceled);
                Assert.IsTrue(BotWorker.ChooseBudgetAsync(game, 0, 10, 1, cancel.Token).IsCanceled);
                Exception failure = null;
                uint? chosen = null;
                var done = new ManualResetEvent(false);
                BotWorker.Choose(game, 0, DgLevel.Easy, 1, a => { chosen = a; done.Set(); }, e => { failure = e; done.Set(); }, cancel.Token);
                Assert.IsTrue(done.WaitOne(10000));
                Assert.IsNull(chosen);
                Assert.IsInstanceOf<OperationCanceledException>(failure);
                // Uncancelled, the same call decides.
                Assert.AreEqual(game.BotChoose(0, DgLevel.Hard, 1), BotWorker.ChooseAsync(game, 0, DgLevel.Hard, 1, new CancellationTokenSource().Token).Result);
            }
        }

        [Test]
        public void ABotCallCancelledWhileItThinksEndsAtOnce()
        {
            using (var game = new Game(DgGameKind.OAnQuan, 1))
            {
                var cancel = new CancellationTokenSource();
                // The expert given five seconds: cancelled after it has started, the task is
                // cancelled (not completed with the action the worker goes on to find).
                Task<uint> t = BotWorker.ChooseBudgetAsync(game, 0, 5000, 1, cancel.Token);
                Thread.Sleep(50);
                Assert.IsFalse(t.IsCompleted);
                cancel.Cancel();
                var e = Assert.Throws<AggregateException>(() => t.Wait(20000));
                Assert.IsInstanceOf<TaskCanceledException>(e.InnerException);
                Assert.IsTrue(t.IsCanceled);
                // The game itself is untouched and still playable.
                Assert.AreEqual(0u, game.MoveNumber);
                game.Apply(game.BotChoose(0, DgLevel.Easy, 1));
            }
        }
    }
}
