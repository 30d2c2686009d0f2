// Generated from schema/o_an_quan/{event,view,outcome,config}.schema.json by schema/tests/unity.rs: do not edit.
// Regenerate with `DANGIAN_BLESS=1 cargo test -p dangian-schema --test unity`.
// The roots: Event, OAnQuanView, Outcome, Config.
namespace Dangian.OAnQuan
{
    /// <summary>Where the big stone (the quan) of one quan square is.</summary>
    public abstract class BigStone
    {
        /// <summary>The kind, as JSON names it (the nested class's name in snake_case).</summary>
        public string Kind;

        /// <summary>Still in its quan square.</summary>
        public sealed class OnBoard : BigStone
        {
        }

        /// <summary>Captured by a seat.</summary>
        public sealed class CapturedBy : BigStone
        {
            /// <summary>The seat that captured it.</summary>
            public int Seat;
        }

        /// <summary>There is none: the game started with `QuanSetup::SmallStones`.</summary>
        public sealed class Absent : BigStone
        {
        }

        /// <summary>Reads one from its JSON text.</summary>
        public static BigStone FromJson(string json)
        {
            return global::Dangian.OAnQuan.Parsers.BigStone(global::Dangian.JsonValue.Parse(json));
        }

        /// <summary>Reads a JSON array of them (what <c>Game.EventsJson</c> returns).</summary>
        public static BigStone[] ArrayFromJson(string json)
        {
            return global::Dangian.JsonValue.Parse(json).ArrayOf(global::Dangian.OAnQuan.Parsers.BigStone);
        }
    }

    /// <summary>How a game stopped by the ply cap or the repetition rule is scored (OAQ-A13, OAQ-C4).</summary>
    public enum CapResolution
    {
        /// <summary>
        /// Each side's small squares go to their owner, the quan squares to nobody; the higher
        /// total wins (default).
        /// </summary>
        CollectSidesQuanUnawarded,
        /// <summary>The totals are reported as above, but the game is a draw.</summary>
        Draw,
    }

    /// <summary>Whether a capture chain continues automatically (OAQ-S6, OAQ-A7).</summary>
    public enum ChainCapture
    {
        /// <summary>Every "empty square, then a square with pieces" is captured in turn (default).</summary>
        Automatic,
        /// <summary>Only the first capture; the turn ends after it (Ludii's code, NyanDoggo).</summary>
        Off,
    }

    /// <summary>
    /// The rules of one game of Ô ăn quan. `Config::default()` is the seed rules (rules §3).
    /// 
    /// Every field is one option of the rules file; the rule ID is in each field's doc. `{}` in
    /// JSON is the default config; unknown fields are an error.
    /// </summary>
    public sealed class Config
    {
        /// <summary>Whether captures chain (OAQ-S6, OAQ-A7).</summary>
        public global::Dangian.OAnQuan.ChainCapture ChainCapture = global::Dangian.OAnQuan.Parsers.ChainCapture(global::Dangian.JsonValue.Parse("\"automatic\""));
        /// <summary>Small stones (dân) per small square (ô dân) at the start, 1..=20 (OAQ-S1: 5).</summary>
        public int DanPerSquare = 5;
        /// <summary>Which ways a player may sow (OAQ-S3, OAQ-A3).</summary>
        public global::Dangian.OAnQuan.DirectionRule Direction = global::Dangian.OAnQuan.Parsers.DirectionRule(global::Dangian.JsonValue.Parse("\"player_choice\""));
        /// <summary>When the game is over (OAQ-S9, OAQ-A9).</summary>
        public global::Dangian.OAnQuan.EndCondition EndCondition = global::Dangian.OAnQuan.Parsers.EndCondition(global::Dangian.JsonValue.Parse("\"both_quan_squares_empty\""));
        /// <summary>Who moves first (OAQ-S2): seat 0 (player A, cells 1..=5) or seat 1 (player B).</summary>
        public int FirstPlayer = 0;
        /// <summary>
        /// A move that would capture a big stone on the game's very first ply is illegal
        /// (OAQ-A6; default `false`). If every move of that ply would, they are all allowed.
        /// </summary>
        public bool ForbidQuanCaptureOnFirstMove = false;
        /// <summary>
        /// Who gets dân left in the quan squares when [`EndCondition::BothBigStonesCaptured`]
        /// ends the game (OAQ-A9).
        /// </summary>
        public global::Dangian.OAnQuan.Leftover LeftoverInQuanSquares = global::Dangian.OAnQuan.Parsers.Leftover(global::Dangian.JsonValue.Parse("\"to_quan_captor\""));
        /// <summary>
        /// Single game, or a match with debts carried over (OAQ-S11, OAQ-A11); read by
        /// [`Match`](crate::o_an_quan::Match).
        /// </summary>
        public global::Dangian.OAnQuan.MatchMode MatchMode = global::Dangian.OAnQuan.Parsers.MatchMode(global::Dangian.JsonValue.Parse("{\"kind\":\"single_game\"}"));
        /// <summary>
        /// The ply cap, 1..=2000 (OAQ-A13; default `Some(400)`); `None` means the engine's own
        /// cap [`ENGINE_MAX_PLIES`].
        /// </summary>
        public long? MaxPlies = 400;
        /// <summary>How a game stopped by the cap or by repetition is scored (OAQ-A13, OAQ-C4).</summary>
        public global::Dangian.OAnQuan.CapResolution OnCap = global::Dangian.OAnQuan.Parsers.CapResolution(global::Dangian.JsonValue.Parse("\"collect_sides_quan_unawarded\""));
        /// <summary>Whether the quan-non protection needs the big stone to be still there (OAQ-A6).</summary>
        public bool QuanNonRequiresBigStone = true;
        /// <summary>
        /// Quan non ("young mandarin"): a quan square with fewer dân than this cannot be
        /// captured and the turn ends there (OAQ-A6, OAQ-C9; default `None`).
        /// </summary>
        public int? QuanNonThreshold;
        /// <summary>What the quan squares hold at the start (OAQ-S1, OAQ-A1).</summary>
        public global::Dangian.OAnQuan.QuanSetup QuanSetup = global::Dangian.OAnQuan.Parsers.QuanSetup(global::Dangian.JsonValue.Parse("{\"kind\":\"big_stone\"}"));
        /// <summary>
        /// Whether a completely empty quan square serves as the empty square before a capture
        /// (OAQ-A5, OAQ-C8; default `false`).
        /// </summary>
        public bool QuanSquareAsGap = false;
        /// <summary>A captured big stone is worth this many dân, 1..=100 (OAQ-S10, OAQ-A2: 10).</summary>
        public int QuanValue = 10;
        /// <summary>How an empty side is refilled (OAQ-S8, OAQ-A8).</summary>
        public global::Dangian.OAnQuan.Refill Refill = global::Dangian.OAnQuan.Parsers.Refill(global::Dangian.JsonValue.Parse("\"borrow_as_debt\""));
        /// <summary>Dân put into each of the five squares by a refill, 1..=5 (OAQ-A8: 1).</summary>
        public int RefillAmountPerSquare = 1;
        /// <summary>What happens when the square after the last stone is a quan square (OAQ-A5).</summary>
        public global::Dangian.OAnQuan.RelayAtQuan RelayAtQuan = global::Dangian.OAnQuan.Parsers.RelayAtQuan(global::Dangian.JsonValue.Parse("\"stop\""));
        /// <summary>The guard against endless relays (OAQ-A12).</summary>
        public global::Dangian.OAnQuan.RelayLoop RelayLoop = global::Dangian.OAnQuan.Parsers.RelayLoop(global::Dangian.JsonValue.Parse("{\"kind\":\"impossible\"}"));
        /// <summary>
        /// The game ends when the position a move reaches occurs this many times among itself
        /// and the [`REPETITION_WINDOW`] (16) positions before it, 2..=8 (OAQ-A13, OAQ-C12;
        /// default `None`). A position is the dân of each cell, where the big stones are and the
        /// player to move; the captured piles are not part of it. The start counts as a
        /// position; after a move the position is taken before any refill (OAQ-C3 checks
        /// repetition before the refill). A cycle of `p` plies is caught exactly when
        /// `(k − 1) · p ≤ 16`.
        /// </summary>
        public int? RepetitionLimit;
        /// <summary>
        /// With 12 or more stones in hand, skip the square the hand was picked up from
        /// (Oware-style; OAQ-A4, default `false`).
        /// </summary>
        public bool SkipOriginOnLap = false;
        /// <summary>
        /// The casual rule that leaves the quan squares out of the ring: sowing, relays and
        /// captures go round the ten small squares only, so no quan square is ever reached (the
        /// game then ends by the ply cap, repetition or a failed refill). Relays can loop
        /// (OAQ-A12); default `false`.
        /// </summary>
        public bool SkipQuanSquares = false;
        /// <summary>
        /// Ludii's guard: a sowing of at least this many stones ends the turn at once, with no
        /// relay and no capture (OAQ-A4; default `None`).
        /// </summary>
        public int? StopAfterSowingAtLeast;
        /// <summary>Reads one from its JSON text.</summary>
        public static Config FromJson(string json)
        {
            return global::Dangian.OAnQuan.Parsers.Config(global::Dangian.JsonValue.Parse(json));
        }
    }

    /// <summary>Which ways a player may sow (OAQ-S3, OAQ-A3).</summary>
    public enum DirectionRule
    {
        /// <summary>The player chooses the direction on every move (seed rule).</summary>
        PlayerChoice,
        /// <summary>Counter-clockwise only (ring direction +1; Ludii "Tonkin").</summary>
        FixedCcw,
        /// <summary>Clockwise only (ring direction −1).</summary>
        FixedCw,
    }

    /// <summary>When a game is over (OAQ-S9, OAQ-A9).</summary>
    public enum EndCondition
    {
        /// <summary>Both quan squares are empty: no big stone and no dân (seed rule).</summary>
        BothQuanSquaresEmpty,
        /// <summary>Both big stones have been captured (Ludii, NyanDoggo); needs [`QuanSetup::BigStone`].</summary>
        BothBigStonesCaptured,
    }

    /// <summary>Why a game ended (rules §2.3, OAQ-A9, OAQ-A13, OAQ-C3).</summary>
    public enum EndReason
    {
        /// <summary>Both quan squares are empty (OAQ-S9: "hết quan tàn dân").</summary>
        BothQuanSquaresEmpty,
        /// <summary>Both big stones are captured (`EndCondition::BothBigStonesCaptured`, OAQ-A9).</summary>
        BothBigStonesCaptured,
        /// <summary>
        /// The player to move could not refill an empty side (OAQ-A8, OAQ-C5, OAQ-C6); the
        /// opponent wins.
        /// </summary>
        NoRefill,
        /// <summary>The ply cap was reached (OAQ-A13).</summary>
        MoveCap,
        /// <summary>
        /// The position a move reached occurred `repetition_limit` times among itself and the 16
        /// positions before it (OAQ-A13, OAQ-C12).
        /// </summary>
        Repetition,
    }

    /// <summary>One step of a move, for a client to animate. Cells are ring cells 0..=11 (rules §2.1).</summary>
    public abstract class Event
    {
        /// <summary>The kind, as JSON names it (the nested class's name in snake_case).</summary>
        public string Kind;

        /// <summary>The mover picks up every stone of the square played (OAQ-S3).</summary>
        public sealed class PickUp : Event
        {
            /// <summary>The square.</summary>
            public int Cell;
            /// <summary>The mover.</summary>
            public int Seat;
            /// <summary>Stones in hand.</summary>
            public int Stones;
        }

        /// <summary>One stone is sown (rải) into a cell (OAQ-S3).</summary>
        public sealed class Sow : Event
        {
            /// <summary>The cell.</summary>
            public int Cell;
            /// <summary>The small stones in the cell now.</summary>
            public int Now;
        }

        /// <summary>The stones of the next square are picked up and sowing goes on (OAQ-S4, OAQ-A5).</summary>
        public sealed class Relay : Event
        {
            /// <summary>The square picked up from (a quan square under `relay_at_quan` TakeOne/TakeAll).</summary>
            public int Cell;
            /// <summary>The relay's number within the move, from 1.</summary>
            public long Number;
            /// <summary>Stones in hand.</summary>
            public int Stones;
        }

        /// <summary>A capture (ăn): everything in `cell` leaves the board to the mover (OAQ-S5, OAQ-S6).</summary>
        public sealed class Capture : Event
        {
            /// <summary>The square captured.</summary>
            public int Cell;
            /// <summary>The capture's place in the chain, from 1 (OAQ-S6).</summary>
            public int Chain;
            /// <summary>Small stones (dân) taken.</summary>
            public int Dan;
            /// <summary>The empty square jumped over.</summary>
            public int Gap;
            /// <summary>Big stones (quan) taken: 0 or 1.</summary>
            public int Quan;
            /// <summary>The mover.</summary>
            public int Seat;
        }

        /// <summary>The turn ends (OAQ-S7), with what the move captured in all.</summary>
        public sealed class TurnEnd : Event
        {
            /// <summary>Captures in the chain.</summary>
            public int Captures;
            /// <summary>Dân captured by the move.</summary>
            public long Dan;
            /// <summary>Big stones captured by the move.</summary>
            public int Quan;
            /// <summary>Why.</summary>
            public global::Dangian.OAnQuan.TurnEndReason Reason;
            /// <summary>The mover.</summary>
            public int Seat;
        }

        /// <summary>The player about to move had five empty squares and refilled them (OAQ-S8, OAQ-C2).</summary>
        public sealed class Refill : Event
        {
            /// <summary>The debt to the opponent after the refill (0 when the pile is not negative).</summary>
            public long Debt;
            /// <summary>Dân put into each of the five squares.</summary>
            public int PerSquare;
            /// <summary>The captured-dân pile after paying (negative: a debt, OAQ-C1).</summary>
            public int PileAfter;
            /// <summary>The player refilling.</summary>
            public int Seat;
        }

        /// <summary>
        /// The game is over (OAQ-S9, OAQ-C3, OAQ-C4): why, the final totals (OAQ-C4) and the
        /// places (a draw shares the first place, OAQ-C10).
        /// </summary>
        public sealed class GameOver : Event
        {
            /// <summary>The result, as [`Game::outcome`](crate::Game::outcome) gives it.</summary>
            public global::Dangian.OAnQuan.Outcome Outcome;
        }

        /// <summary>A game of a [`Match`](crate::o_an_quan::Match) was settled (OAQ-S11, OAQ-A11).</summary>
        public sealed class MatchSettled : Event
        {
            /// <summary>The running balance of each player after this game (stones won or owed).</summary>
            public int[] Balance;
            /// <summary>Games finished in the match so far.</summary>
            public long Games;
        }

        /// <summary>Reads one from its JSON text.</summary>
        public static Event FromJson(string json)
        {
            return global::Dangian.OAnQuan.Parsers.Event(global::Dangian.JsonValue.Parse(json));
        }

        /// <summary>Reads a JSON array of them (what <c>Game.EventsJson</c> returns).</summary>
        public static Event[] ArrayFromJson(string json)
        {
            return global::Dangian.JsonValue.Parse(json).ArrayOf(global::Dangian.OAnQuan.Parsers.Event);
        }
    }

    /// <summary>
    /// Who gets the dân left in the quan squares at a [`EndCondition::BothBigStonesCaptured`]
    /// end (OAQ-A9).
    /// </summary>
    public enum Leftover
    {
        /// <summary>Whoever captured that square's big stone (default).</summary>
        ToQuanCaptor,
        /// <summary>
        /// The player mapped to that end, as in Ludii: the left quan square (cell 0) to A, the
        /// right one (cell 6) to B.
        /// </summary>
        ToMappedPlayer,
        /// <summary>
        /// Half to each player; an odd stone goes to A (OAQ-C11, as Ludii splits: player 1
        /// first), so the totals always add up to every point in play.
        /// </summary>
        Split,
    }

    /// <summary>
    /// Single game or a match whose debts carry over (OAQ-S11, OAQ-A11).
    /// 
    /// A [`State`](crate::o_an_quan::State) is always one game; [`Match`](crate::o_an_quan::Match)
    /// plays several under [`MatchMode::DebtCarryOver`]. Ludii's "selling squares" match is not
    /// offered.
    /// </summary>
    public abstract class MatchMode
    {
        /// <summary>The kind, as JSON names it (the nested class's name in snake_case).</summary>
        public string Kind;

        /// <summary>One game (default).</summary>
        public sealed class SingleGame : MatchMode
        {
        }

        /// <summary>
        /// After each game, `balance += total − stake_per_half` per player; the next game is set
        /// up anew; the running balance is the match result (the debt in stones).
        /// </summary>
        public sealed class DebtCarryOver : MatchMode
        {
            /// <summary>Who starts the next game.</summary>
            public global::Dangian.OAnQuan.NextStarter NextStarter = global::Dangian.OAnQuan.Parsers.NextStarter(global::Dangian.JsonValue.Parse("\"alternate\""));
            /// <summary>
            /// What one half of the board is worth; `None` = half of all the points in play
            /// (`5 · dan_per_square + quan value`, 35 at the defaults).
            /// </summary>
            public int? StakePerHalf;
        }

        /// <summary>Reads one from its JSON text.</summary>
        public static MatchMode FromJson(string json)
        {
            return global::Dangian.OAnQuan.Parsers.MatchMode(global::Dangian.JsonValue.Parse(json));
        }

        /// <summary>Reads a JSON array of them (what <c>Game.EventsJson</c> returns).</summary>
        public static MatchMode[] ArrayFromJson(string json)
        {
            return global::Dangian.JsonValue.Parse(json).ArrayOf(global::Dangian.OAnQuan.Parsers.MatchMode);
        }
    }

    /// <summary>Who starts the next game of a match (OAQ-A11).</summary>
    public enum NextStarter
    {
        /// <summary>The players take turns to start (default, a design choice).</summary>
        Alternate,
        /// <summary>The winner of the last game starts (the previous starter after a draw).</summary>
        Winner,
        /// <summary>The loser of the last game starts (the previous starter after a draw).</summary>
        Loser,
        /// <summary>The same player starts every game.</summary>
        Same,
    }

    /// <summary>
    /// A snapshot of the position for one seat. Ô ăn quan hides nothing, so every seat sees
    /// the same facts (only `seat` and `legal` differ).
    /// </summary>
    public sealed class OAnQuanView
    {
        /// <summary>The big stones of the left and right quan squares.</summary>
        public global::Dangian.OAnQuan.BigStone[] Big;
        /// <summary>Captured dân of A and B (negative: a debt, OAQ-C1).</summary>
        public int[] CapturedDan;
        /// <summary>Big stones captured by A and B.</summary>
        public int[] CapturedQuan;
        /// <summary>The rules.</summary>
        public global::Dangian.OAnQuan.Config Config;
        /// <summary>Small stones per cell 0..=11 (rules §2.1).</summary>
        public int[] Dan;
        /// <summary>The actions this seat may take now (empty when it is not its turn).</summary>
        public string[] Legal;
        /// <summary>Actions applied since the start (plies: Ô ăn quan has no chance).</summary>
        public long MoveNumber;
        /// <summary>The result, once the game is over (final totals, OAQ-C4).</summary>
        public global::Dangian.OAnQuan.Outcome Outcome;
        /// <summary>The running scores (captured dân + quan value · captured quan).</summary>
        public int[] Scores;
        /// <summary>The seat this view is for.</summary>
        public int Seat;
        /// <summary>Who acts next.</summary>
        public global::Dangian.ToMove ToMove;
        /// <summary>Whose turn it is (`None` once the game is over).</summary>
        public int? Turn;
        /// <summary>Reads one from its JSON text.</summary>
        public static OAnQuanView FromJson(string json)
        {
            return global::Dangian.OAnQuan.Parsers.OAnQuanView(global::Dangian.JsonValue.Parse(json));
        }
    }

    /// <summary>
    /// How a finished game came out.
    /// 
    /// In JSON the per-seat arrays hold one entry per seat:
    /// `{"reason":"loss_threshold","scores":[0,104],"places":[1,2]}`.
    /// </summary>
    public sealed class Outcome
    {
        /// <summary>The place of each seat: 1 is best; equal places are shared; 0 means unplaced.</summary>
        public int[] Places;
        /// <summary>Why the game ended.</summary>
        public global::Dangian.OAnQuan.EndReason Reason;
        /// <summary>The game's own score per seat.</summary>
        public int[] Scores;
        /// <summary>Reads one from its JSON text.</summary>
        public static Outcome FromJson(string json)
        {
            return global::Dangian.OAnQuan.Parsers.Outcome(global::Dangian.JsonValue.Parse(json));
        }
    }

    /// <summary>What is in the two quan squares (ô quan) at the start (OAQ-S1, OAQ-A1).</summary>
    public abstract class QuanSetup
    {
        /// <summary>The kind, as JSON names it (the nested class's name in snake_case).</summary>
        public string Kind;

        /// <summary>One big stone (the quan, "mandarin") in each quan square (seed rule).</summary>
        public sealed class BigStone : QuanSetup
        {
        }

        /// <summary>
        /// No big stone: this many small stones (dân) in each quan square (e.g. 10, as in
        /// Ludii's "Tonkin" ruleset and English Wikipedia).
        /// </summary>
        public sealed class SmallStones : QuanSetup
        {
            /// <summary>Small stones in each quan square, 1..=50.</summary>
            public int Count;
        }

        /// <summary>Reads one from its JSON text.</summary>
        public static QuanSetup FromJson(string json)
        {
            return global::Dangian.OAnQuan.Parsers.QuanSetup(global::Dangian.JsonValue.Parse(json));
        }

        /// <summary>Reads a JSON array of them (what <c>Game.EventsJson</c> returns).</summary>
        public static QuanSetup[] ArrayFromJson(string json)
        {
            return global::Dangian.JsonValue.Parse(json).ArrayOf(global::Dangian.OAnQuan.Parsers.QuanSetup);
        }
    }

    /// <summary>How a player whose five squares are empty refills them (OAQ-S8, OAQ-A8).</summary>
    public enum Refill
    {
        /// <summary>
        /// From the captured dân; the pile may go below zero, a negative pile being the debt to
        /// the opponent (seed rule, OAQ-C1, OAQ-C7).
        /// </summary>
        BorrowAsDebt,
        /// <summary>From the captured dân only; a player who cannot pay loses (OAQ-C5).</summary>
        EndGameOpponentWins,
        /// <summary>
        /// While the score (dân + quan value) covers the refill, the dân pile pays it and may go
        /// negative; otherwise the player loses (OAQ-C6).
        /// </summary>
        PayFromScore,
    }

    /// <summary>What happens when the square after the last stone is a quan square (OAQ-S7, OAQ-A5).</summary>
    public enum RelayAtQuan
    {
        /// <summary>The turn ends (seed rule: "liền sau đó là ô quan … mất lượt").</summary>
        Stop,
        /// <summary>
        /// One small stone is taken from the quan square and sown on (Ludii "Tonkin"); a quan
        /// square without small stones ends the turn.
        /// </summary>
        TakeOne,
        /// <summary>
        /// All small stones of the quan square are taken and sown on (casual play; can loop, see
        /// OAQ-A12); the big stone always stays.
        /// </summary>
        TakeAll,
    }

    /// <summary>How the engine guards against endless relay sowing inside one move (OAQ-A12).</summary>
    public abstract class RelayLoop
    {
        /// <summary>The kind, as JSON names it (the nested class's name in snake_case).</summary>
        public string Kind;

        /// <summary>
        /// No guard: allowed only for rules proved loop-free (quan squares sown into and never
        /// relayed from), see OAQ-A12. [`Config::validate`] refuses it for the other rules.
        /// </summary>
        public sealed class Impossible : RelayLoop
        {
        }

        /// <summary>
        /// The turn ends just before a relay would pick up the same square from the same board
        /// as an earlier relay of this move (the first repeat of the relay state).
        /// </summary>
        public sealed class EndTurnOnRepeat : RelayLoop
        {
        }

        /// <summary>The turn ends just before relay number `relays + 1` of a move.</summary>
        public sealed class Cap : RelayLoop
        {
            /// <summary>The most relays in one move.</summary>
            public long Relays;
        }

        /// <summary>Reads one from its JSON text.</summary>
        public static RelayLoop FromJson(string json)
        {
            return global::Dangian.OAnQuan.Parsers.RelayLoop(global::Dangian.JsonValue.Parse(json));
        }

        /// <summary>Reads a JSON array of them (what <c>Game.EventsJson</c> returns).</summary>
        public static RelayLoop[] ArrayFromJson(string json)
        {
            return global::Dangian.JsonValue.Parse(json).ArrayOf(global::Dangian.OAnQuan.Parsers.RelayLoop);
        }
    }

    /// <summary>Why a turn ended (OAQ-S7 and the variants).</summary>
    public enum TurnEndReason
    {
        /// <summary>The square after the last stone is a quan square (OAQ-S7, "mất lượt").</summary>
        NextIsQuan,
        /// <summary>An empty square followed by a square without pieces ("2 ô trống").</summary>
        TwoEmpty,
        /// <summary>
        /// A capture was made and the square after it is not an empty small square (OAQ-S6,
        /// OAQ-S7 "sau khi vừa ăn").
        /// </summary>
        AfterCapture,
        /// <summary>The square to capture is a protected quan non (OAQ-A6, OAQ-C9).</summary>
        QuanNon,
        /// <summary>One capture made and chains are off (OAQ-A7).</summary>
        SingleCapture,
        /// <summary>The sowing had at least `stop_after_sowing_at_least` stones (OAQ-A4, Ludii).</summary>
        LargeSowing,
        /// <summary>
        /// A relay would have repeated an earlier relay of this move (OAQ-A12,
        /// `RelayLoop::EndTurnOnRepeat`).
        /// </summary>
        RelayRepeat,
        /// <summary>
        /// The relay cap of `RelayLoop::Cap`, or the engine's backstop
        /// (`SOWING_BACKSTOP` stones sown in one move), was
        /// reached (OAQ-A12).
        /// </summary>
        RelayCap,
    }

    /// <summary>Readers of every type of the game's JSON forms, from a parsed <see cref="Dangian.JsonValue"/>.</summary>
    public static class Parsers
    {
        /// <summary>Reads a &lt;see cref="BigStone"/&gt;.</summary>
        public static global::Dangian.OAnQuan.BigStone BigStone(global::Dangian.JsonValue v)
        {
            v.ExpectObject("BigStone");
            string kind = v.Field("kind").AsText();
            switch (kind)
            {
                case "on_board":
                {
                    var o = new global::Dangian.OAnQuan.BigStone.OnBoard();
                    o.Kind = kind;
                    return o;
                }
                case "captured_by":
                {
                    var o = new global::Dangian.OAnQuan.BigStone.CapturedBy();
                    o.Kind = kind;
                    o.Seat = global::Dangian.OAnQuan.Parsers.Seat(v.Field("seat"));
                    return o;
                }
                case "absent":
                {
                    var o = new global::Dangian.OAnQuan.BigStone.Absent();
                    o.Kind = kind;
                    return o;
                }
                default:
                    throw new global::System.FormatException("BigStone: unknown kind " + kind);
            }
        }

        /// <summary>Reads a &lt;see cref="CapResolution"/&gt;.</summary>
        public static global::Dangian.OAnQuan.CapResolution CapResolution(global::Dangian.JsonValue v)
        {
            string c = v.AsText();
            switch (c)
            {
                case "collect_sides_quan_unawarded": return global::Dangian.OAnQuan.CapResolution.CollectSidesQuanUnawarded;
                case "draw": return global::Dangian.OAnQuan.CapResolution.Draw;
                default:
                    throw new global::System.FormatException("CapResolution: unknown value " + c);
            }
        }

        /// <summary>Reads a &lt;see cref="ChainCapture"/&gt;.</summary>
        public static global::Dangian.OAnQuan.ChainCapture ChainCapture(global::Dangian.JsonValue v)
        {
            string c = v.AsText();
            switch (c)
            {
                case "automatic": return global::Dangian.OAnQuan.ChainCapture.Automatic;
                case "off": return global::Dangian.OAnQuan.ChainCapture.Off;
                default:
                    throw new global::System.FormatException("ChainCapture: unknown value " + c);
            }
        }

        /// <summary>Reads a &lt;see cref="Config"/&gt;.</summary>
        public static global::Dangian.OAnQuan.Config Config(global::Dangian.JsonValue v)
        {
            v.ExpectObject("Config");
            var o = new global::Dangian.OAnQuan.Config();
            { global::Dangian.JsonValue f = v.OptionalField("chain_capture"); if (f != null) o.ChainCapture = global::Dangian.OAnQuan.Parsers.ChainCapture(f); }
            { global::Dangian.JsonValue f = v.OptionalField("dan_per_square"); if (f != null) o.DanPerSquare = global::Dangian.JsonValue.ToInt(f); }
            { global::Dangian.JsonValue f = v.OptionalField("direction"); if (f != null) o.Direction = global::Dangian.OAnQuan.Parsers.DirectionRule(f); }
            { global::Dangian.JsonValue f = v.OptionalField("end_condition"); if (f != null) o.EndCondition = global::Dangian.OAnQuan.Parsers.EndCondition(f); }
            { global::Dangian.JsonValue f = v.OptionalField("first_player"); if (f != null) o.FirstPlayer = global::Dangian.OAnQuan.Parsers.Seat(f); }
            { global::Dangian.JsonValue f = v.OptionalField("forbid_quan_capture_on_first_move"); if (f != null) o.ForbidQuanCaptureOnFirstMove = global::Dangian.JsonValue.ToBool(f); }
            { global::Dangian.JsonValue f = v.OptionalField("leftover_in_quan_squares"); if (f != null) o.LeftoverInQuanSquares = global::Dangian.OAnQuan.Parsers.Leftover(f); }
            { global::Dangian.JsonValue f = v.OptionalField("match_mode"); if (f != null) o.MatchMode = global::Dangian.OAnQuan.Parsers.MatchMode(f); }
            { global::Dangian.JsonValue f = v.OptionalField("max_plies"); if (f != null) o.MaxPlies = global::Dangian.JsonValue.NullableReader<long>(global::Dangian.JsonValue.ToLong)(f); }
            { global::Dangian.JsonValue f = v.OptionalField("on_cap"); if (f != null) o.OnCap = global::Dangian.OAnQuan.Parsers.CapResolution(f); }
            { global::Dangian.JsonValue f = v.OptionalField("quan_non_requires_big_stone"); if (f != null) o.QuanNonRequiresBigStone = global::Dangian.JsonValue.ToBool(f); }
            { global::Dangian.JsonValue f = v.OptionalField("quan_non_threshold"); if (f != null) o.QuanNonThreshold = global::Dangian.JsonValue.NullableReader<int>(global::Dangian.JsonValue.ToInt)(f); }
            { global::Dangian.JsonValue f = v.OptionalField("quan_setup"); if (f != null) o.QuanSetup = global::Dangian.OAnQuan.Parsers.QuanSetup(f); }
            { global::Dangian.JsonValue f = v.OptionalField("quan_square_as_gap"); if (f != null) o.QuanSquareAsGap = global::Dangian.JsonValue.ToBool(f); }
            { global::Dangian.JsonValue f = v.OptionalField("quan_value"); if (f != null) o.QuanValue = global::Dangian.JsonValue.ToInt(f); }
            { global::Dangian.JsonValue f = v.OptionalField("refill"); if (f != null) o.Refill = global::Dangian.OAnQuan.Parsers.Refill(f); }
            { global::Dangian.JsonValue f = v.OptionalField("refill_amount_per_square"); if (f != null) o.RefillAmountPerSquare = global::Dangian.JsonValue.ToInt(f); }
            { global::Dangian.JsonValue f = v.OptionalField("relay_at_quan"); if (f != null) o.RelayAtQuan = global::Dangian.OAnQuan.Parsers.RelayAtQuan(f); }
            { global::Dangian.JsonValue f = v.OptionalField("relay_loop"); if (f != null) o.RelayLoop = global::Dangian.OAnQuan.Parsers.RelayLoop(f); }
            { global::Dangian.JsonValue f = v.OptionalField("repetition_limit"); if (f != null) o.RepetitionLimit = global::Dangian.JsonValue.NullableReader<int>(global::Dangian.JsonValue.ToInt)(f); }
            { global::Dangian.JsonValue f = v.OptionalField("skip_origin_on_lap"); if (f != null) o.SkipOriginOnLap = global::Dangian.JsonValue.ToBool(f); }
            { global::Dangian.JsonValue f = v.OptionalField("skip_quan_squares"); if (f != null) o.SkipQuanSquares = global::Dangian.JsonValue.ToBool(f); }
            { global::Dangian.JsonValue f = v.OptionalField("stop_after_sowing_at_least"); if (f != null) o.StopAfterSowingAtLeast = global::Dangian.JsonValue.NullableReader<int>(global::Dangian.JsonValue.ToInt)(f); }
            return o;
        }

        /// <summary>Reads a &lt;see cref="DirectionRule"/&gt;.</summary>
        public static global::Dangian.OAnQuan.DirectionRule DirectionRule(global::Dangian.JsonValue v)
        {
            string c = v.AsText();
            switch (c)
            {
                case "player_choice": return global::Dangian.OAnQuan.DirectionRule.PlayerChoice;
                case "fixed_ccw": return global::Dangian.OAnQuan.DirectionRule.FixedCcw;
                case "fixed_cw": return global::Dangian.OAnQuan.DirectionRule.FixedCw;
                default:
                    throw new global::System.FormatException("DirectionRule: unknown value " + c);
            }
        }

        /// <summary>Reads a &lt;see cref="EndCondition"/&gt;.</summary>
        public static global::Dangian.OAnQuan.EndCondition EndCondition(global::Dangian.JsonValue v)
        {
            string c = v.AsText();
            switch (c)
            {
                case "both_quan_squares_empty": return global::Dangian.OAnQuan.EndCondition.BothQuanSquaresEmpty;
                case "both_big_stones_captured": return global::Dangian.OAnQuan.EndCondition.BothBigStonesCaptured;
                default:
                    throw new global::System.FormatException("EndCondition: unknown value " + c);
            }
        }

        /// <summary>Reads a &lt;see cref="EndReason"/&gt;.</summary>
        public static global::Dangian.OAnQuan.EndReason EndReason(global::Dangian.JsonValue v)
        {
            string c = v.AsText();
            switch (c)
            {
                case "both_quan_squares_empty": return global::Dangian.OAnQuan.EndReason.BothQuanSquaresEmpty;
                case "both_big_stones_captured": return global::Dangian.OAnQuan.EndReason.BothBigStonesCaptured;
                case "no_refill": return global::Dangian.OAnQuan.EndReason.NoRefill;
                case "move_cap": return global::Dangian.OAnQuan.EndReason.MoveCap;
                case "repetition": return global::Dangian.OAnQuan.EndReason.Repetition;
                default:
                    throw new global::System.FormatException("EndReason: unknown value " + c);
            }
        }

        /// <summary>Reads a &lt;see cref="Event"/&gt;.</summary>
        public static global::Dangian.OAnQuan.Event Event(global::Dangian.JsonValue v)
        {
            v.ExpectObject("Event");
            string kind = v.Field("kind").AsText();
            switch (kind)
            {
                case "pick_up":
                {
                    var o = new global::Dangian.OAnQuan.Event.PickUp();
                    o.Kind = kind;
                    o.Cell = global::Dangian.JsonValue.ToInt(v.Field("cell"));
                    o.Seat = global::Dangian.OAnQuan.Parsers.Seat(v.Field("seat"));
                    o.Stones = global::Dangian.JsonValue.ToInt(v.Field("stones"));
                    return o;
                }
                case "sow":
                {
                    var o = new global::Dangian.OAnQuan.Event.Sow();
                    o.Kind = kind;
                    o.Cell = global::Dangian.JsonValue.ToInt(v.Field("cell"));
                    o.Now = global::Dangian.JsonValue.ToInt(v.Field("now"));
                    return o;
                }
                case "relay":
                {
                    var o = new global::Dangian.OAnQuan.Event.Relay();
                    o.Kind = kind;
                    o.Cell = global::Dangian.JsonValue.ToInt(v.Field("cell"));
                    o.Number = global::Dangian.JsonValue.ToLong(v.Field("number"));
                    o.Stones = global::Dangian.JsonValue.ToInt(v.Field("stones"));
                    return o;
                }
                case "capture":
                {
                    var o = new global::Dangian.OAnQuan.Event.Capture();
                    o.Kind = kind;
                    o.Cell = global::Dangian.JsonValue.ToInt(v.Field("cell"));
                    o.Chain = global::Dangian.JsonValue.ToInt(v.Field("chain"));
                    o.Dan = global::Dangian.JsonValue.ToInt(v.Field("dan"));
                    o.Gap = global::Dangian.JsonValue.ToInt(v.Field("gap"));
                    o.Quan = global::Dangian.JsonValue.ToInt(v.Field("quan"));
                    o.Seat = global::Dangian.OAnQuan.Parsers.Seat(v.Field("seat"));
                    return o;
                }
                case "turn_end":
                {
                    var o = new global::Dangian.OAnQuan.Event.TurnEnd();
                    o.Kind = kind;
                    o.Captures = global::Dangian.JsonValue.ToInt(v.Field("captures"));
                    o.Dan = global::Dangian.JsonValue.ToLong(v.Field("dan"));
                    o.Quan = global::Dangian.JsonValue.ToInt(v.Field("quan"));
                    o.Reason = global::Dangian.OAnQuan.Parsers.TurnEndReason(v.Field("reason"));
                    o.Seat = global::Dangian.OAnQuan.Parsers.Seat(v.Field("seat"));
                    return o;
                }
                case "refill":
                {
                    var o = new global::Dangian.OAnQuan.Event.Refill();
                    o.Kind = kind;
                    o.Debt = global::Dangian.JsonValue.ToLong(v.Field("debt"));
                    o.PerSquare = global::Dangian.JsonValue.ToInt(v.Field("per_square"));
                    o.PileAfter = global::Dangian.JsonValue.ToInt(v.Field("pile_after"));
                    o.Seat = global::Dangian.OAnQuan.Parsers.Seat(v.Field("seat"));
                    return o;
                }
                case "game_over":
                {
                    var o = new global::Dangian.OAnQuan.Event.GameOver();
                    o.Kind = kind;
                    o.Outcome = global::Dangian.OAnQuan.Parsers.Outcome(v.Field("outcome"));
                    return o;
                }
                case "match_settled":
                {
                    var o = new global::Dangian.OAnQuan.Event.MatchSettled();
                    o.Kind = kind;
                    o.Balance = global::Dangian.JsonValue.ArrayReader<int>(global::Dangian.JsonValue.ToInt)(v.Field("balance"));
                    o.Games = global::Dangian.JsonValue.ToLong(v.Field("games"));
                    return o;
                }
                default:
                    throw new global::System.FormatException("Event: unknown kind " + kind);
            }
        }

        /// <summary>Reads a &lt;see cref="Leftover"/&gt;.</summary>
        public static global::Dangian.OAnQuan.Leftover Leftover(global::Dangian.JsonValue v)
        {
            string c = v.AsText();
            switch (c)
            {
                case "to_quan_captor": return global::Dangian.OAnQuan.Leftover.ToQuanCaptor;
                case "to_mapped_player": return global::Dangian.OAnQuan.Leftover.ToMappedPlayer;
                case "split": return global::Dangian.OAnQuan.Leftover.Split;
                default:
                    throw new global::System.FormatException("Leftover: unknown value " + c);
            }
        }

        /// <summary>Reads a &lt;see cref="MatchMode"/&gt;.</summary>
        public static global::Dangian.OAnQuan.MatchMode MatchMode(global::Dangian.JsonValue v)
        {
            v.ExpectObject("MatchMode");
            string kind = v.Field("kind").AsText();
            switch (kind)
            {
                case "single_game":
                {
                    var o = new global::Dangian.OAnQuan.MatchMode.SingleGame();
                    o.Kind = kind;
                    return o;
                }
                case "debt_carry_over":
                {
                    var o = new global::Dangian.OAnQuan.MatchMode.DebtCarryOver();
                    o.Kind = kind;
                    { global::Dangian.JsonValue f = v.OptionalField("next_starter"); if (f != null) o.NextStarter = global::Dangian.OAnQuan.Parsers.NextStarter(f); }
                    { global::Dangian.JsonValue f = v.OptionalField("stake_per_half"); if (f != null) o.StakePerHalf = global::Dangian.JsonValue.NullableReader<int>(global::Dangian.JsonValue.ToInt)(f); }
                    return o;
                }
                default:
                    throw new global::System.FormatException("MatchMode: unknown kind " + kind);
            }
        }

        /// <summary>Reads a &lt;see cref="NextStarter"/&gt;.</summary>
        public static global::Dangian.OAnQuan.NextStarter NextStarter(global::Dangian.JsonValue v)
        {
            string c = v.AsText();
            switch (c)
            {
                case "alternate": return global::Dangian.OAnQuan.NextStarter.Alternate;
                case "winner": return global::Dangian.OAnQuan.NextStarter.Winner;
                case "loser": return global::Dangian.OAnQuan.NextStarter.Loser;
                case "same": return global::Dangian.OAnQuan.NextStarter.Same;
                default:
                    throw new global::System.FormatException("NextStarter: unknown value " + c);
            }
        }

        /// <summary>A move in Ô ăn quan notation: the square a1..a5 or b1..b5, then + (counter-clockwise) or - (clockwise), e.g. "a1+".</summary>
        public static string OAnQuanAction(global::Dangian.JsonValue v)
        {
            return global::Dangian.JsonValue.ToText(v);
        }

        /// <summary>Reads a &lt;see cref="OAnQuanView"/&gt;.</summary>
        public static global::Dangian.OAnQuan.OAnQuanView OAnQuanView(global::Dangian.JsonValue v)
        {
            v.ExpectObject("OAnQuanView");
            var o = new global::Dangian.OAnQuan.OAnQuanView();
            o.Big = global::Dangian.JsonValue.ArrayReader<global::Dangian.OAnQuan.BigStone>(global::Dangian.OAnQuan.Parsers.BigStone)(v.Field("big"));
            o.CapturedDan = global::Dangian.JsonValue.ArrayReader<int>(global::Dangian.JsonValue.ToInt)(v.Field("captured_dan"));
            o.CapturedQuan = global::Dangian.JsonValue.ArrayReader<int>(global::Dangian.JsonValue.ToInt)(v.Field("captured_quan"));
            o.Config = global::Dangian.OAnQuan.Parsers.Config(v.Field("config"));
            o.Dan = global::Dangian.JsonValue.ArrayReader<int>(global::Dangian.JsonValue.ToInt)(v.Field("dan"));
            o.Legal = global::Dangian.JsonValue.ArrayReader<string>(global::Dangian.OAnQuan.Parsers.OAnQuanAction)(v.Field("legal"));
            o.MoveNumber = global::Dangian.JsonValue.ToLong(v.Field("move_number"));
            { global::Dangian.JsonValue f = v.OptionalField("outcome"); if (f != null) o.Outcome = global::Dangian.JsonValue.OrNullReader<global::Dangian.OAnQuan.Outcome>(global::Dangian.OAnQuan.Parsers.Outcome)(f); }
            o.Scores = global::Dangian.JsonValue.ArrayReader<int>(global::Dangian.JsonValue.ToInt)(v.Field("scores"));
            o.Seat = global::Dangian.OAnQuan.Parsers.Seat(v.Field("seat"));
            o.ToMove = global::Dangian.ToMove.FromJson(v.Field("to_move"));
            { global::Dangian.JsonValue f = v.OptionalField("turn"); if (f != null) o.Turn = global::Dangian.JsonValue.NullableReader<int>(global::Dangian.OAnQuan.Parsers.Seat)(f); }
            return o;
        }

        /// <summary>Reads a &lt;see cref="Outcome"/&gt;.</summary>
        public static global::Dangian.OAnQuan.Outcome Outcome(global::Dangian.JsonValue v)
        {
            v.ExpectObject("Outcome");
            var o = new global::Dangian.OAnQuan.Outcome();
            o.Places = global::Dangian.JsonValue.ArrayReader<int>(global::Dangian.JsonValue.ToInt)(v.Field("places"));
            o.Reason = global::Dangian.OAnQuan.Parsers.EndReason(v.Field("reason"));
            o.Scores = global::Dangian.JsonValue.ArrayReader<int>(global::Dangian.JsonValue.ToInt)(v.Field("scores"));
            return o;
        }

        /// <summary>Reads a &lt;see cref="QuanSetup"/&gt;.</summary>
        public static global::Dangian.OAnQuan.QuanSetup QuanSetup(global::Dangian.JsonValue v)
        {
            v.ExpectObject("QuanSetup");
            string kind = v.Field("kind").AsText();
            switch (kind)
            {
                case "big_stone":
                {
                    var o = new global::Dangian.OAnQuan.QuanSetup.BigStone();
                    o.Kind = kind;
                    return o;
                }
                case "small_stones":
                {
                    var o = new global::Dangian.OAnQuan.QuanSetup.SmallStones();
                    o.Kind = kind;
                    o.Count = global::Dangian.JsonValue.ToInt(v.Field("count"));
                    return o;
                }
                default:
                    throw new global::System.FormatException("QuanSetup: unknown kind " + kind);
            }
        }

        /// <summary>Reads a &lt;see cref="Refill"/&gt;.</summary>
        public static global::Dangian.OAnQuan.Refill Refill(global::Dangian.JsonValue v)
        {
            string c = v.AsText();
            switch (c)
            {
                case "borrow_as_debt": return global::Dangian.OAnQuan.Refill.BorrowAsDebt;
                case "end_game_opponent_wins": return global::Dangian.OAnQuan.Refill.EndGameOpponentWins;
                case "pay_from_score": return global::Dangian.OAnQuan.Refill.PayFromScore;
                default:
                    throw new global::System.FormatException("Refill: unknown value " + c);
            }
        }

        /// <summary>Reads a &lt;see cref="RelayAtQuan"/&gt;.</summary>
        public static global::Dangian.OAnQuan.RelayAtQuan RelayAtQuan(global::Dangian.JsonValue v)
        {
            string c = v.AsText();
            switch (c)
            {
                case "stop": return global::Dangian.OAnQuan.RelayAtQuan.Stop;
                case "take_one": return global::Dangian.OAnQuan.RelayAtQuan.TakeOne;
                case "take_all": return global::Dangian.OAnQuan.RelayAtQuan.TakeAll;
                default:
                    throw new global::System.FormatException("RelayAtQuan: unknown value " + c);
            }
        }

        /// <summary>Reads a &lt;see cref="RelayLoop"/&gt;.</summary>
        public static global::Dangian.OAnQuan.RelayLoop RelayLoop(global::Dangian.JsonValue v)
        {
            v.ExpectObject("RelayLoop");
            string kind = v.Field("kind").AsText();
            switch (kind)
            {
                case "impossible":
                {
                    var o = new global::Dangian.OAnQuan.RelayLoop.Impossible();
                    o.Kind = kind;
                    return o;
                }
                case "end_turn_on_repeat":
                {
                    var o = new global::Dangian.OAnQuan.RelayLoop.EndTurnOnRepeat();
                    o.Kind = kind;
                    return o;
                }
                case "cap":
                {
                    var o = new global::Dangian.OAnQuan.RelayLoop.Cap();
                    o.Kind = kind;
                    o.Relays = global::Dangian.JsonValue.ToLong(v.Field("relays"));
                    return o;
                }
                default:
                    throw new global::System.FormatException("RelayLoop: unknown kind " + kind);
            }
        }

        /// <summary>A seat at the table: player 0, 1, 2 or 3, in the game's own numbering.</summary>
        public static int Seat(global::Dangian.JsonValue v)
        {
            return global::Dangian.JsonValue.ToInt(v);
        }

        /// <summary>Reads a &lt;see cref="TurnEndReason"/&gt;.</summary>
        public static global::Dangian.OAnQuan.TurnEndReason TurnEndReason(global::Dangian.JsonValue v)
        {
            string c = v.AsText();
            switch (c)
            {
                case "next_is_quan": return global::Dangian.OAnQuan.TurnEndReason.NextIsQuan;
                case "two_empty": return global::Dangian.OAnQuan.TurnEndReason.TwoEmpty;
                case "after_capture": return global::Dangian.OAnQuan.TurnEndReason.AfterCapture;
                case "quan_non": return global::Dangian.OAnQuan.TurnEndReason.QuanNon;
                case "single_capture": return global::Dangian.OAnQuan.TurnEndReason.SingleCapture;
                case "large_sowing": return global::Dangian.OAnQuan.TurnEndReason.LargeSowing;
                case "relay_repeat": return global::Dangian.OAnQuan.TurnEndReason.RelayRepeat;
                case "relay_cap": return global::Dangian.OAnQuan.TurnEndReason.RelayCap;
                default:
                    throw new global::System.FormatException("TurnEndReason: unknown value " + c);
            }
        }
    }
}
