// Generated from schema/domino/{event,view,outcome,config}.schema.json by schema/tests/unity.rs: do not edit.
// Regenerate with `DANGIAN_BLESS=1 cargo test -p dangian-schema --test unity`.
// The roots: Event, DominoView, Outcome, DominoConfig.
namespace Dangian.Domino
{
    /// <summary>
    /// The rules of a Domino match. `Config::default()` is the seed rules (DM-C6: 2 players).
    /// 
    /// Every option of the rules contract's §3 is here under its name there, so `{}` in JSON is
    /// the default and a reference file's `options` object reads as a config.
    /// </summary>
    public sealed class DominoConfig
    {
        /// <summary>Tiles that stay in the chợ and may never be drawn (DM-A4).</summary>
        public int BoneyardReserve = 0;
        /// <summary>The points the 0-0 tile counts in a hand (DM-A7; the seed: 0).</summary>
        public int DoubleBlankValue = 0;
        /// <summary>When a player draws from the chợ (DM-S8, DM-A3).</summary>
        public global::Dangian.Domino.DrawPolicy DrawPolicy = global::Dangian.Domino.Parsers.DrawPolicy(global::Dangian.JsonValue.Parse("\"until_playable\""));
        /// <summary>When a round is cá (DM-S10, DM-A5).</summary>
        public global::Dangian.Domino.FishDetection FishDetection = global::Dangian.Domino.Parsers.FishDetection(global::Dangian.JsonValue.Parse("\"all_stuck\""));
        /// <summary>Scoring of a cá (DM-S11, DM-A6).</summary>
        public global::Dangian.Domino.FishScoring FishScoring = global::Dangian.Domino.Parsers.FishScoring(global::Dangian.JsonValue.Parse("\"setter_zero_others_own_pips\""));
        /// <summary>Tiles dealt to each player (DM-S4: 7; DM-A9). At most 28 / players.</summary>
        public int HandSize = 7;
        /// <summary>Who leads later rounds (DM-A2).</summary>
        public global::Dangian.Domino.LaterLead LaterRoundLead = global::Dangian.Domino.Parsers.LaterLead(global::Dangian.JsonValue.Parse("\"same_as_first\""));
        /// <summary>A player with this many points or more ends the match (DM-S12, DM-A8), 1 to 10 000.</summary>
        public long LossThreshold = 101;
        /// <summary>
        /// End the match after this many rounds (DM-A8 engine guard), 1 to 1 000 000. When
        /// `None` the engine still ends the match after [`Config::round_cap`] rounds.
        /// </summary>
        public long? MaxRounds;
        /// <summary>Who leads a round decided by the opening rule (DM-S5, DM-A1).</summary>
        public global::Dangian.Domino.Opening Opening = global::Dangian.Domino.Parsers.Opening(global::Dangian.JsonValue.Parse("\"zero_zero_then_high_doubles\""));
        /// <summary>Tie-break among non-doubles of equal total in the opening rule (DM-A1).</summary>
        public global::Dangian.Domino.TieBreak OpeningTiebreak = global::Dangian.Domino.Parsers.TieBreak(global::Dangian.JsonValue.Parse("\"higher_end\""));
        /// <summary>
        /// Whether the opening tile found by the rule is played at once (DM-A1, default `true`,
        /// and then automatically, DM-C2). When `false` its holder leads with any tile.
        /// </summary>
        public bool OpeningTileForced = true;
        /// <summary>Number of players, 2, 3 or 4 (DM-S1; default 2 by DM-C6).</summary>
        public int Players = 2;
        /// <summary>How equal totals are placed (DM-A8).</summary>
        public global::Dangian.Domino.Ranking Ranking = global::Dangian.Domino.Parsers.Ranking(global::Dangian.JsonValue.Parse("\"shared_places\""));
        /// <summary>
        /// Re-deal when a hand holds at least this many doubles (DM-A9; Kozel: 5), 1 to 7. The
        /// engine deals at most [`MAX_REDEALS`] times over in one round; the next deal stands.
        /// </summary>
        public int? RedealIfDoublesAtLeast;
        /// <summary>Turn order (DM-A10).</summary>
        public global::Dangian.Domino.SeatOrder TurnOrder = global::Dangian.Domino.Parsers.SeatOrder(global::Dangian.JsonValue.Parse("\"ascending\""));
        /// <summary>Reads one from its JSON text.</summary>
        public static DominoConfig FromJson(string json)
        {
            return global::Dangian.Domino.Parsers.DominoConfig(global::Dangian.JsonValue.Parse(json));
        }
    }

    /// <summary>
    /// One seat's view of a match: its own hand and only public facts about the rest.
    /// 
    /// It holds the seat's hand, the other seats' tile counts, the size of the chợ, the line and
    /// the placements that made it (who placed which tile at which end, in order), the scores and
    /// the last round's result. It holds no other hand, nothing about which tiles are in the chợ
    /// or in what order, and no RNG (the engine has none: chance outcomes come from outside).
    /// Draws and passes are public as events, in the redacted form of
    /// [`Game::event_for`](crate::Game::event_for); earlier rounds' results are the
    /// [`Event::RoundScored`](super::Event::RoundScored) events.
    /// </summary>
    public sealed class DominoView
    {
        /// <summary>Tiles in the chợ (during the deal: tiles not dealt yet).</summary>
        public int Boneyard;
        /// <summary>The rules.</summary>
        public global::Dangian.Domino.DominoConfig Config;
        /// <summary>Of those, how many may be drawn (DM-A4).</summary>
        public int Drawable;
        /// <summary>Whether the seat to act has drawn during this turn.</summary>
        public bool Drew;
        /// <summary>The open ends `(left, right)`, `None` while the line is empty.</summary>
        public int[] Ends;
        /// <summary>This seat's tiles, ascending.</summary>
        public int[][] Hand;
        /// <summary>Tiles held by each seat.</summary>
        public int[] HandCounts;
        /// <summary>
        /// For each seat, the numbers it is publicly known to hold no tile of this round (it
        /// was seen drawing or passing on them; see [`State::lacks`]).
        /// </summary>
        public int[][] Lacks;
        /// <summary>The latest finished round.</summary>
        public global::Dangian.Domino.RoundResult LastRound;
        /// <summary>The seat that led this round (during the deal, the previous round's leader).</summary>
        public int Leader;
        /// <summary>The actions this seat may take now (empty when it is not its turn).</summary>
        public string[] Legal;
        /// <summary>The line, left to right, each tile as it lies.</summary>
        public int[][] Line;
        /// <summary>Actions applied since the start of the match.</summary>
        public long MoveNumber;
        /// <summary>The result, once the match is over.</summary>
        public global::Dangian.Domino.Outcome Outcome;
        /// <summary>The stage of the round.</summary>
        public global::Dangian.Domino.Phase Phase;
        /// <summary>This round's placements in the order they were made.</summary>
        public global::Dangian.Domino.Placement[] Plays;
        /// <summary>Re-deals made in this round (DM-A9).</summary>
        public int Redeals;
        /// <summary>The round, from 1.</summary>
        public long Round;
        /// <summary>Running totals, one per seat.</summary>
        public long[] Scores;
        /// <summary>Whose view this is.</summary>
        public int Seat;
        /// <summary>Who acts next (a seat, chance dealing or drawing, or nobody).</summary>
        public global::Dangian.ToMove ToMove;
        /// <summary>
        /// Whose turn it is: the seat being dealt to, leading, playing or drawing (`None` when
        /// over).
        /// </summary>
        public int? Turn;
        /// <summary>Reads one from its JSON text.</summary>
        public static DominoView FromJson(string json)
        {
            return global::Dangian.Domino.Parsers.DominoView(global::Dangian.JsonValue.Parse(json));
        }
    }

    /// <summary>When a player goes to the chợ (market, boneyard) (DM-S8, DM-A3).</summary>
    public enum DrawPolicy
    {
        /// <summary>
        /// The seed rule: only a player with no playable tile draws, one tile at a time, until a
        /// playable tile comes; that tile must then be played.
        /// </summary>
        UntilPlayable,
        /// <summary>
        /// A player with no playable tile draws one tile; if it fits it must be played, else the
        /// player passes.
        /// </summary>
        OneThenPass,
        /// <summary>
        /// As [`UntilPlayable`](DrawPolicy::UntilPlayable), and a player who can play may also
        /// choose to draw ([`Action::Market`](super::Action::Market)) as often as the chợ allows,
        /// then choose again.
        /// </summary>
        Voluntary,
        /// <summary>Nobody draws (the Block game): a player who cannot play passes.</summary>
        NoDraw,
    }

    /// <summary>
    /// One of the two open ends of the line: `L` / `R` in the action notation, `"left"` /
    /// `"right"` in JSON.
    /// </summary>
    public enum End
    {
        /// <summary>The left end (`L`). A lead on an empty line is written with `L`.</summary>
        Left,
        /// <summary>The right end (`R`).</summary>
        Right,
    }

    /// <summary>Why the match ended.</summary>
    public enum EndReason
    {
        /// <summary>A seat reached [`Config::loss_threshold`](super::Config::loss_threshold) (DM-S12).</summary>
        LossThreshold,
        /// <summary>[`Config::max_rounds`](super::Config::max_rounds) rounds were played (DM-A8).</summary>
        MaxRounds,
        /// <summary>
        /// The engine guard [`Config::round_cap`](super::Config::round_cap) was reached with
        /// `max_rounds` unset.
        /// </summary>
        RoundCap,
    }

    /// <summary>
    /// What happened, step by step. Serialized with a `kind` tag, e.g.
    /// `{"kind":"drew","seat":1,"tile":[2,6]}`.
    /// 
    /// Events carrying hidden information ([`Dealt`](Event::Dealt), [`Drew`](Event::Drew)) name
    /// the tile only in the full form a server holds; [`Game::event_for`](crate::Game::event_for)
    /// gives every other seat the form with `tile: null`.
    /// </summary>
    public abstract class Event
    {
        /// <summary>The kind, as JSON names it (the nested class's name in snake_case).</summary>
        public string Kind;

        /// <summary>A tile was dealt to `seat` (DM-S4, DM-C1).</summary>
        public sealed class Dealt : Event
        {
            /// <summary>Who received it.</summary>
            public int Seat;
            /// <summary>The tile; `None` in the form other seats see.</summary>
            public int[] Tile;
        }

        /// <summary>
        /// The deal was cancelled because `seat` holds `doubles` doubles (DM-A9); every tile
        /// goes back and the deal starts again.
        /// </summary>
        public sealed class Redealt : Event
        {
            /// <summary>How many doubles it holds.</summary>
            public int Doubles;
            /// <summary>The first seat holding too many doubles.</summary>
            public int Seat;
        }

        /// <summary>`seat` laid the first tile of the round, as written (DM-C4).</summary>
        public sealed class Led : Event
        {
            /// <summary>`true` when the opening rule forced the tile and the engine played it (DM-C2).</summary>
            public bool Forced;
            /// <summary>Who led.</summary>
            public int Seat;
            /// <summary>The tile.</summary>
            public int[] Tile;
        }

        /// <summary>`seat` placed `tile` at `end`, turned as `placed` (DM-S6, DM-S7, DM-C4).</summary>
        public sealed class Played : Event
        {
            /// <summary>The end it went on.</summary>
            public global::Dangian.Domino.End End;
            /// <summary>How it lies on the line (left half, right half).</summary>
            public int[] Placed;
            /// <summary>Who played.</summary>
            public int Seat;
            /// <summary>The tile.</summary>
            public int[] Tile;
        }

        /// <summary>`seat` chose to go to the chợ while able to play (DM-A3 `Voluntary`).</summary>
        public sealed class WentToMarket : Event
        {
            /// <summary>Who.</summary>
            public int Seat;
        }

        /// <summary>`seat` drew a tile from the chợ (DM-S8).</summary>
        public sealed class Drew : Event
        {
            /// <summary>Who drew.</summary>
            public int Seat;
            /// <summary>The tile; `None` in the form other seats see.</summary>
            public int[] Tile;
        }

        /// <summary>`seat` could neither play nor draw and passed (DM-S9; automatic, DM-C2).</summary>
        public sealed class Passed : Event
        {
            /// <summary>Who passed.</summary>
            public int Seat;
        }

        /// <summary>`seat` played its last tile ("xuất trận").</summary>
        public sealed class WentOut : Event
        {
            /// <summary>Who went out.</summary>
            public int Seat;
        }

        /// <summary>The round is blocked ("cá", DM-S10, DM-A5).</summary>
        public sealed class Fish : Event
        {
            /// <summary>
            /// `true` when declared because the layout is closed (DM-A5
            /// `ClosedLayoutImmediate`) while a seat could still draw or play.
            /// </summary>
            public bool Closed;
            /// <summary>The fish-setter: the seat that placed the last tile.</summary>
            public int Setter;
        }

        /// <summary>A round was scored (DM-S11).</summary>
        public sealed class RoundScored : Event
        {
            /// <summary>The result.</summary>
            public global::Dangian.Domino.RoundResult Result;
            /// <summary>The running totals after it.</summary>
            public long[] Scores;
        }

        /// <summary>A new round starts: its tiles are about to be dealt.</summary>
        public sealed class RoundStarted : Event
        {
            /// <summary>The round number (from 2; round 1 starts with the game).</summary>
            public long Round;
        }

        /// <summary>
        /// The match is over (DM-S12, DM-A8): why, the final totals and the places (1 = best,
        /// equal places shared).
        /// </summary>
        public sealed class GameOver : Event
        {
            /// <summary>The result, as [`Game::outcome`](crate::Game::outcome) gives it.</summary>
            public global::Dangian.Domino.Outcome Outcome;
        }

        /// <summary>Reads one from its JSON text.</summary>
        public static Event FromJson(string json)
        {
            return global::Dangian.Domino.Parsers.Event(global::Dangian.JsonValue.Parse(json));
        }

        /// <summary>Reads a JSON array of them (what <c>Game.EventsJson</c> returns).</summary>
        public static Event[] ArrayFromJson(string json)
        {
            return global::Dangian.JsonValue.Parse(json).ArrayOf(global::Dangian.Domino.Parsers.Event);
        }
    }

    /// <summary>When a round is declared cá (blocked) (DM-S10, DM-A5).</summary>
    public enum FishDetection
    {
        /// <summary>The seed, read literally: cá when nothing can be drawn and no seat can play.</summary>
        AllStuck,
        /// <summary>
        /// As [`AllStuck`](FishDetection::AllStuck), and also at once when the layout is closed
        /// (both ends show `n` and all seven tiles with `n` are on the line).
        /// </summary>
        ClosedLayoutImmediate,
    }

    /// <summary>Who scores what when a round ends in cá (DM-S11, DM-A6).</summary>
    public enum FishScoring
    {
        /// <summary>The seed rule: the fish-setter adds 0, every other seat adds its own pips.</summary>
        SetterZeroOthersOwnPips,
        /// <summary>
        /// The seat (or seats, on a tie) with the fewest pips in hand adds 0, every other seat
        /// adds its own pips (Kozel).
        /// </summary>
        LowestHandZeroOthersOwnPips,
        /// <summary>
        /// The fish-setter is charged the pips of every hand (its own included); the others add 0
        /// (Hoyle's "the blocker receives all the points", read as penalty points).
        /// </summary>
        BlockerCollects,
    }

    /// <summary>Who leads the rounds after the first (DM-A2).</summary>
    public enum LaterLead
    {
        /// <summary>The opening rule ([`Opening`]) decides every round (the seed, read literally).</summary>
        SameAsFirst,
        /// <summary>
        /// The seat that went out leads with any tile; after a cá the opening rule decides
        /// (Yahoo's draw game).
        /// </summary>
        PreviousWinnerAnyTile,
        /// <summary>The seat that went out, or after a cá the fish-setter, leads with any tile.</summary>
        FishSetterAnyTile,
        /// <summary>
        /// The lead passes to the next seat (in [`SeatOrder`]) after the previous round's leader,
        /// who leads with any tile.
        /// </summary>
        Rotate,
    }

    /// <summary>Who leads a round decided by the opening rule (DM-S5, DM-A1).</summary>
    public enum Opening
    {
        /// <summary>
        /// The seed rule (DM-S5): the holder of 0-0 leads; else the holder of 6-6, 5-5, … 1-1;
        /// else the holder of the tile with the highest total (ties: [`TieBreak`]).
        /// </summary>
        ZeroZeroThenHighDoubles,
        /// <summary>Kozel ("Goat"): 1-1, 2-2, … 6-6, then 0-0, then the highest total.</summary>
        OneOneThenUp,
        /// <summary>Western draw: the highest double (6-6 … 0-0), then the highest total.</summary>
        HighestDouble,
        /// <summary>Seat 0 leads with any tile of its choice (the Block game of OpenSpiel).</summary>
        AnyTileBySeat,
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
        public global::Dangian.Domino.EndReason Reason;
        /// <summary>The game's own score per seat.</summary>
        public int[] Scores;
        /// <summary>Reads one from its JSON text.</summary>
        public static Outcome FromJson(string json)
        {
            return global::Dangian.Domino.Parsers.Outcome(global::Dangian.JsonValue.Parse(json));
        }
    }

    /// <summary>The stage of a round.</summary>
    public enum Phase
    {
        /// <summary>Chance deals the tiles, seat 0's whole hand first (DM-C1).</summary>
        Deal,
        /// <summary>
        /// The line is empty and the seat to move leads with any tile of its hand (DM-A1
        /// `AnyTileBySeat`, `opening_tile_forced: false`, DM-A2 any-tile leads).
        /// </summary>
        Lead,
        /// <summary>The seat to move places a tile (or, under `Voluntary`, may choose to draw).</summary>
        Play,
        /// <summary>Chance draws a tile from the chợ for the seat to move (DM-S8, DM-C1).</summary>
        Draw,
        /// <summary>The match is over.</summary>
        Over,
    }

    /// <summary>
    /// One placement on the line, in the order played: who placed which tile at which end. The
    /// first placement of a round is the lead (written with `End::Left`).
    /// </summary>
    public sealed class Placement
    {
        /// <summary>The end it went on.</summary>
        public global::Dangian.Domino.End End;
        /// <summary>Who placed it.</summary>
        public int Seat;
        /// <summary>The tile.</summary>
        public int[] Tile;
        /// <summary>Reads one from its JSON text.</summary>
        public static Placement FromJson(string json)
        {
            return global::Dangian.Domino.Parsers.Placement(global::Dangian.JsonValue.Parse(json));
        }
    }

    /// <summary>How equal totals are placed at the end of the match (DM-A8).</summary>
    public enum Ranking
    {
        /// <summary>Standard competition ranking: equal totals share a place, the next place is skipped.</summary>
        SharedPlaces,
        /// <summary>
        /// Equal totals are ordered by the points added in the last round (fewer is better);
        /// seats equal on both share a place.
        /// </summary>
        TieBreakLastRound,
    }

    /// <summary>How a round ended.</summary>
    public enum RoundEnd
    {
        /// <summary>A seat played its last tile ("xuất trận", DM-S11).</summary>
        Out,
        /// <summary>The round was blocked ("cá", DM-S10).</summary>
        Fish,
    }

    /// <summary>The result of a finished round.</summary>
    public sealed class RoundResult
    {
        /// <summary>How it ended.</summary>
        public global::Dangian.Domino.RoundEnd End;
        /// <summary>The points each seat added (entries past the number of players are 0).</summary>
        public long[] Points;
        /// <summary>The round number (from 1).</summary>
        public long Round;
        /// <summary>The seat that went out, or that set the fish (placed the last tile, DM-A5).</summary>
        public int Seat;
        /// <summary>Reads one from its JSON text.</summary>
        public static RoundResult FromJson(string json)
        {
            return global::Dangian.Domino.Parsers.RoundResult(global::Dangian.JsonValue.Parse(json));
        }
    }

    /// <summary>The order of turns (DM-A10).</summary>
    public enum SeatOrder
    {
        /// <summary>Seat `i` is followed by seat `i + 1` (read as clockwise).</summary>
        Ascending,
        /// <summary>Seat `i` is followed by seat `i - 1`.</summary>
        Descending,
    }

    /// <summary>How two non-doubles with the same total are ordered by the opening rule (DM-A1).</summary>
    public enum TieBreak
    {
        /// <summary>The register's default: the tile with the higher end first (3-6 before 4-5).</summary>
        HigherEnd,
        /// <summary>The engine's mirror option: the tile with the lower high end first (4-5 before 3-6).</summary>
        LowerEnd,
    }

    /// <summary>Readers of every type of the game's JSON forms, from a parsed <see cref="Dangian.JsonValue"/>.</summary>
    public static class Parsers
    {
        /// <summary>An action in Domino notation: "play 3-5 L" or "play 3-5 R" (a tile at an end), "market" (choose to draw), and the chance outcomes "deal 2-6" and "draw 0-4".</summary>
        public static string DominoAction(global::Dangian.JsonValue v)
        {
            return global::Dangian.JsonValue.ToText(v);
        }

        /// <summary>Reads a &lt;see cref="DominoConfig"/&gt;.</summary>
        public static global::Dangian.Domino.DominoConfig DominoConfig(global::Dangian.JsonValue v)
        {
            v.ExpectObject("DominoConfig");
            var o = new global::Dangian.Domino.DominoConfig();
            { global::Dangian.JsonValue f = v.OptionalField("boneyard_reserve"); if (f != null) o.BoneyardReserve = global::Dangian.JsonValue.ToInt(f); }
            { global::Dangian.JsonValue f = v.OptionalField("double_blank_value"); if (f != null) o.DoubleBlankValue = global::Dangian.JsonValue.ToInt(f); }
            { global::Dangian.JsonValue f = v.OptionalField("draw_policy"); if (f != null) o.DrawPolicy = global::Dangian.Domino.Parsers.DrawPolicy(f); }
            { global::Dangian.JsonValue f = v.OptionalField("fish_detection"); if (f != null) o.FishDetection = global::Dangian.Domino.Parsers.FishDetection(f); }
            { global::Dangian.JsonValue f = v.OptionalField("fish_scoring"); if (f != null) o.FishScoring = global::Dangian.Domino.Parsers.FishScoring(f); }
            { global::Dangian.JsonValue f = v.OptionalField("hand_size"); if (f != null) o.HandSize = global::Dangian.JsonValue.ToInt(f); }
            { global::Dangian.JsonValue f = v.OptionalField("later_round_lead"); if (f != null) o.LaterRoundLead = global::Dangian.Domino.Parsers.LaterLead(f); }
            { global::Dangian.JsonValue f = v.OptionalField("loss_threshold"); if (f != null) o.LossThreshold = global::Dangian.JsonValue.ToLong(f); }
            { global::Dangian.JsonValue f = v.OptionalField("max_rounds"); if (f != null) o.MaxRounds = global::Dangian.JsonValue.NullableReader<long>(global::Dangian.JsonValue.ToLong)(f); }
            { global::Dangian.JsonValue f = v.OptionalField("opening"); if (f != null) o.Opening = global::Dangian.Domino.Parsers.Opening(f); }
            { global::Dangian.JsonValue f = v.OptionalField("opening_tiebreak"); if (f != null) o.OpeningTiebreak = global::Dangian.Domino.Parsers.TieBreak(f); }
            { global::Dangian.JsonValue f = v.OptionalField("opening_tile_forced"); if (f != null) o.OpeningTileForced = global::Dangian.JsonValue.ToBool(f); }
            { global::Dangian.JsonValue f = v.OptionalField("players"); if (f != null) o.Players = global::Dangian.JsonValue.ToInt(f); }
            { global::Dangian.JsonValue f = v.OptionalField("ranking"); if (f != null) o.Ranking = global::Dangian.Domino.Parsers.Ranking(f); }
            { global::Dangian.JsonValue f = v.OptionalField("redeal_if_doubles_at_least"); if (f != null) o.RedealIfDoublesAtLeast = global::Dangian.JsonValue.NullableReader<int>(global::Dangian.JsonValue.ToInt)(f); }
            { global::Dangian.JsonValue f = v.OptionalField("turn_order"); if (f != null) o.TurnOrder = global::Dangian.Domino.Parsers.SeatOrder(f); }
            return o;
        }

        /// <summary>Reads a &lt;see cref="DominoView"/&gt;.</summary>
        public static global::Dangian.Domino.DominoView DominoView(global::Dangian.JsonValue v)
        {
            v.ExpectObject("DominoView");
            var o = new global::Dangian.Domino.DominoView();
            o.Boneyard = global::Dangian.JsonValue.ToInt(v.Field("boneyard"));
            o.Config = global::Dangian.Domino.Parsers.DominoConfig(v.Field("config"));
            o.Drawable = global::Dangian.JsonValue.ToInt(v.Field("drawable"));
            o.Drew = global::Dangian.JsonValue.ToBool(v.Field("drew"));
            { global::Dangian.JsonValue f = v.OptionalField("ends"); if (f != null) o.Ends = global::Dangian.JsonValue.OrNullReader<int[]>(global::Dangian.JsonValue.ArrayReader<int>(global::Dangian.JsonValue.ToInt))(f); }
            o.Hand = global::Dangian.JsonValue.ArrayReader<int[]>(global::Dangian.Domino.Parsers.Tile)(v.Field("hand"));
            o.HandCounts = global::Dangian.JsonValue.ArrayReader<int>(global::Dangian.JsonValue.ToInt)(v.Field("hand_counts"));
            o.Lacks = global::Dangian.JsonValue.ArrayReader<int[]>(global::Dangian.JsonValue.ArrayReader<int>(global::Dangian.JsonValue.ToInt))(v.Field("lacks"));
            { global::Dangian.JsonValue f = v.OptionalField("last_round"); if (f != null) o.LastRound = global::Dangian.JsonValue.OrNullReader<global::Dangian.Domino.RoundResult>(global::Dangian.Domino.Parsers.RoundResult)(f); }
            o.Leader = global::Dangian.Domino.Parsers.Seat(v.Field("leader"));
            o.Legal = global::Dangian.JsonValue.ArrayReader<string>(global::Dangian.Domino.Parsers.DominoAction)(v.Field("legal"));
            o.Line = global::Dangian.JsonValue.ArrayReader<int[]>(global::Dangian.Domino.Parsers.Placed)(v.Field("line"));
            o.MoveNumber = global::Dangian.JsonValue.ToLong(v.Field("move_number"));
            { global::Dangian.JsonValue f = v.OptionalField("outcome"); if (f != null) o.Outcome = global::Dangian.JsonValue.OrNullReader<global::Dangian.Domino.Outcome>(global::Dangian.Domino.Parsers.Outcome)(f); }
            o.Phase = global::Dangian.Domino.Parsers.Phase(v.Field("phase"));
            o.Plays = global::Dangian.JsonValue.ArrayReader<global::Dangian.Domino.Placement>(global::Dangian.Domino.Parsers.Placement)(v.Field("plays"));
            o.Redeals = global::Dangian.JsonValue.ToInt(v.Field("redeals"));
            o.Round = global::Dangian.JsonValue.ToLong(v.Field("round"));
            o.Scores = global::Dangian.JsonValue.ArrayReader<long>(global::Dangian.JsonValue.ToLong)(v.Field("scores"));
            o.Seat = global::Dangian.Domino.Parsers.Seat(v.Field("seat"));
            o.ToMove = global::Dangian.ToMove.FromJson(v.Field("to_move"));
            { global::Dangian.JsonValue f = v.OptionalField("turn"); if (f != null) o.Turn = global::Dangian.JsonValue.NullableReader<int>(global::Dangian.Domino.Parsers.Seat)(f); }
            return o;
        }

        /// <summary>Reads a &lt;see cref="DrawPolicy"/&gt;.</summary>
        public static global::Dangian.Domino.DrawPolicy DrawPolicy(global::Dangian.JsonValue v)
        {
            string c = v.AsText();
            switch (c)
            {
                case "until_playable": return global::Dangian.Domino.DrawPolicy.UntilPlayable;
                case "one_then_pass": return global::Dangian.Domino.DrawPolicy.OneThenPass;
                case "voluntary": return global::Dangian.Domino.DrawPolicy.Voluntary;
                case "no_draw": return global::Dangian.Domino.DrawPolicy.NoDraw;
                default:
                    throw new global::System.FormatException("DrawPolicy: unknown value " + c);
            }
        }

        /// <summary>Reads a &lt;see cref="End"/&gt;.</summary>
        public static global::Dangian.Domino.End End(global::Dangian.JsonValue v)
        {
            string c = v.AsText();
            switch (c)
            {
                case "left": return global::Dangian.Domino.End.Left;
                case "right": return global::Dangian.Domino.End.Right;
                default:
                    throw new global::System.FormatException("End: unknown value " + c);
            }
        }

        /// <summary>Reads a &lt;see cref="EndReason"/&gt;.</summary>
        public static global::Dangian.Domino.EndReason EndReason(global::Dangian.JsonValue v)
        {
            string c = v.AsText();
            switch (c)
            {
                case "loss_threshold": return global::Dangian.Domino.EndReason.LossThreshold;
                case "max_rounds": return global::Dangian.Domino.EndReason.MaxRounds;
                case "round_cap": return global::Dangian.Domino.EndReason.RoundCap;
                default:
                    throw new global::System.FormatException("EndReason: unknown value " + c);
            }
        }

        /// <summary>Reads a &lt;see cref="Event"/&gt;.</summary>
        public static global::Dangian.Domino.Event Event(global::Dangian.JsonValue v)
        {
            v.ExpectObject("Event");
            string kind = v.Field("kind").AsText();
            switch (kind)
            {
                case "dealt":
                {
                    var o = new global::Dangian.Domino.Event.Dealt();
                    o.Kind = kind;
                    o.Seat = global::Dangian.Domino.Parsers.Seat(v.Field("seat"));
                    { global::Dangian.JsonValue f = v.OptionalField("tile"); if (f != null) o.Tile = global::Dangian.JsonValue.OrNullReader<int[]>(global::Dangian.Domino.Parsers.Tile)(f); }
                    return o;
                }
                case "redealt":
                {
                    var o = new global::Dangian.Domino.Event.Redealt();
                    o.Kind = kind;
                    o.Doubles = global::Dangian.JsonValue.ToInt(v.Field("doubles"));
                    o.Seat = global::Dangian.Domino.Parsers.Seat(v.Field("seat"));
                    return o;
                }
                case "led":
                {
                    var o = new global::Dangian.Domino.Event.Led();
                    o.Kind = kind;
                    o.Forced = global::Dangian.JsonValue.ToBool(v.Field("forced"));
                    o.Seat = global::Dangian.Domino.Parsers.Seat(v.Field("seat"));
                    o.Tile = global::Dangian.Domino.Parsers.Tile(v.Field("tile"));
                    return o;
                }
                case "played":
                {
                    var o = new global::Dangian.Domino.Event.Played();
                    o.Kind = kind;
                    o.End = global::Dangian.Domino.Parsers.End(v.Field("end"));
                    o.Placed = global::Dangian.Domino.Parsers.Placed(v.Field("placed"));
                    o.Seat = global::Dangian.Domino.Parsers.Seat(v.Field("seat"));
                    o.Tile = global::Dangian.Domino.Parsers.Tile(v.Field("tile"));
                    return o;
                }
                case "went_to_market":
                {
                    var o = new global::Dangian.Domino.Event.WentToMarket();
                    o.Kind = kind;
                    o.Seat = global::Dangian.Domino.Parsers.Seat(v.Field("seat"));
                    return o;
                }
                case "drew":
                {
                    var o = new global::Dangian.Domino.Event.Drew();
                    o.Kind = kind;
                    o.Seat = global::Dangian.Domino.Parsers.Seat(v.Field("seat"));
                    { global::Dangian.JsonValue f = v.OptionalField("tile"); if (f != null) o.Tile = global::Dangian.JsonValue.OrNullReader<int[]>(global::Dangian.Domino.Parsers.Tile)(f); }
                    return o;
                }
                case "passed":
                {
                    var o = new global::Dangian.Domino.Event.Passed();
                    o.Kind = kind;
                    o.Seat = global::Dangian.Domino.Parsers.Seat(v.Field("seat"));
                    return o;
                }
                case "went_out":
                {
                    var o = new global::Dangian.Domino.Event.WentOut();
                    o.Kind = kind;
                    o.Seat = global::Dangian.Domino.Parsers.Seat(v.Field("seat"));
                    return o;
                }
                case "fish":
                {
                    var o = new global::Dangian.Domino.Event.Fish();
                    o.Kind = kind;
                    o.Closed = global::Dangian.JsonValue.ToBool(v.Field("closed"));
                    o.Setter = global::Dangian.Domino.Parsers.Seat(v.Field("setter"));
                    return o;
                }
                case "round_scored":
                {
                    var o = new global::Dangian.Domino.Event.RoundScored();
                    o.Kind = kind;
                    o.Result = global::Dangian.Domino.Parsers.RoundResult(v.Field("result"));
                    o.Scores = global::Dangian.JsonValue.ArrayReader<long>(global::Dangian.JsonValue.ToLong)(v.Field("scores"));
                    return o;
                }
                case "round_started":
                {
                    var o = new global::Dangian.Domino.Event.RoundStarted();
                    o.Kind = kind;
                    o.Round = global::Dangian.JsonValue.ToLong(v.Field("round"));
                    return o;
                }
                case "game_over":
                {
                    var o = new global::Dangian.Domino.Event.GameOver();
                    o.Kind = kind;
                    o.Outcome = global::Dangian.Domino.Parsers.Outcome(v.Field("outcome"));
                    return o;
                }
                default:
                    throw new global::System.FormatException("Event: unknown kind " + kind);
            }
        }

        /// <summary>Reads a &lt;see cref="FishDetection"/&gt;.</summary>
        public static global::Dangian.Domino.FishDetection FishDetection(global::Dangian.JsonValue v)
        {
            string c = v.AsText();
            switch (c)
            {
                case "all_stuck": return global::Dangian.Domino.FishDetection.AllStuck;
                case "closed_layout_immediate": return global::Dangian.Domino.FishDetection.ClosedLayoutImmediate;
                default:
                    throw new global::System.FormatException("FishDetection: unknown value " + c);
            }
        }

        /// <summary>Reads a &lt;see cref="FishScoring"/&gt;.</summary>
        public static global::Dangian.Domino.FishScoring FishScoring(global::Dangian.JsonValue v)
        {
            string c = v.AsText();
            switch (c)
            {
                case "setter_zero_others_own_pips": return global::Dangian.Domino.FishScoring.SetterZeroOthersOwnPips;
                case "lowest_hand_zero_others_own_pips": return global::Dangian.Domino.FishScoring.LowestHandZeroOthersOwnPips;
                case "blocker_collects": return global::Dangian.Domino.FishScoring.BlockerCollects;
                default:
                    throw new global::System.FormatException("FishScoring: unknown value " + c);
            }
        }

        /// <summary>Reads a &lt;see cref="LaterLead"/&gt;.</summary>
        public static global::Dangian.Domino.LaterLead LaterLead(global::Dangian.JsonValue v)
        {
            string c = v.AsText();
            switch (c)
            {
                case "same_as_first": return global::Dangian.Domino.LaterLead.SameAsFirst;
                case "previous_winner_any_tile": return global::Dangian.Domino.LaterLead.PreviousWinnerAnyTile;
                case "fish_setter_any_tile": return global::Dangian.Domino.LaterLead.FishSetterAnyTile;
                case "rotate": return global::Dangian.Domino.LaterLead.Rotate;
                default:
                    throw new global::System.FormatException("LaterLead: unknown value " + c);
            }
        }

        /// <summary>Reads a &lt;see cref="Opening"/&gt;.</summary>
        public static global::Dangian.Domino.Opening Opening(global::Dangian.JsonValue v)
        {
            string c = v.AsText();
            switch (c)
            {
                case "zero_zero_then_high_doubles": return global::Dangian.Domino.Opening.ZeroZeroThenHighDoubles;
                case "one_one_then_up": return global::Dangian.Domino.Opening.OneOneThenUp;
                case "highest_double": return global::Dangian.Domino.Opening.HighestDouble;
                case "any_tile_by_seat": return global::Dangian.Domino.Opening.AnyTileBySeat;
                default:
                    throw new global::System.FormatException("Opening: unknown value " + c);
            }
        }

        /// <summary>Reads a &lt;see cref="Outcome"/&gt;.</summary>
        public static global::Dangian.Domino.Outcome Outcome(global::Dangian.JsonValue v)
        {
            v.ExpectObject("Outcome");
            var o = new global::Dangian.Domino.Outcome();
            o.Places = global::Dangian.JsonValue.ArrayReader<int>(global::Dangian.JsonValue.ToInt)(v.Field("places"));
            o.Reason = global::Dangian.Domino.Parsers.EndReason(v.Field("reason"));
            o.Scores = global::Dangian.JsonValue.ArrayReader<int>(global::Dangian.JsonValue.ToInt)(v.Field("scores"));
            return o;
        }

        /// <summary>Reads a &lt;see cref="Phase"/&gt;.</summary>
        public static global::Dangian.Domino.Phase Phase(global::Dangian.JsonValue v)
        {
            string c = v.AsText();
            switch (c)
            {
                case "deal": return global::Dangian.Domino.Phase.Deal;
                case "lead": return global::Dangian.Domino.Phase.Lead;
                case "play": return global::Dangian.Domino.Phase.Play;
                case "draw": return global::Dangian.Domino.Phase.Draw;
                case "over": return global::Dangian.Domino.Phase.Over;
                default:
                    throw new global::System.FormatException("Phase: unknown value " + c);
            }
        }

        /// <summary>A tile as it lies on the line, [left half, right half].</summary>
        public static int[] Placed(global::Dangian.JsonValue v)
        {
            return global::Dangian.JsonValue.ArrayReader<int>(global::Dangian.JsonValue.ToInt)(v);
        }

        /// <summary>Reads a &lt;see cref="Placement"/&gt;.</summary>
        public static global::Dangian.Domino.Placement Placement(global::Dangian.JsonValue v)
        {
            v.ExpectObject("Placement");
            var o = new global::Dangian.Domino.Placement();
            o.End = global::Dangian.Domino.Parsers.End(v.Field("end"));
            o.Seat = global::Dangian.Domino.Parsers.Seat(v.Field("seat"));
            o.Tile = global::Dangian.Domino.Parsers.Tile(v.Field("tile"));
            return o;
        }

        /// <summary>Reads a &lt;see cref="Ranking"/&gt;.</summary>
        public static global::Dangian.Domino.Ranking Ranking(global::Dangian.JsonValue v)
        {
            string c = v.AsText();
            switch (c)
            {
                case "shared_places": return global::Dangian.Domino.Ranking.SharedPlaces;
                case "tie_break_last_round": return global::Dangian.Domino.Ranking.TieBreakLastRound;
                default:
                    throw new global::System.FormatException("Ranking: unknown value " + c);
            }
        }

        /// <summary>Reads a &lt;see cref="RoundEnd"/&gt;.</summary>
        public static global::Dangian.Domino.RoundEnd RoundEnd(global::Dangian.JsonValue v)
        {
            string c = v.AsText();
            switch (c)
            {
                case "out": return global::Dangian.Domino.RoundEnd.Out;
                case "fish": return global::Dangian.Domino.RoundEnd.Fish;
                default:
                    throw new global::System.FormatException("RoundEnd: unknown value " + c);
            }
        }

        /// <summary>Reads a &lt;see cref="RoundResult"/&gt;.</summary>
        public static global::Dangian.Domino.RoundResult RoundResult(global::Dangian.JsonValue v)
        {
            v.ExpectObject("RoundResult");
            var o = new global::Dangian.Domino.RoundResult();
            o.End = global::Dangian.Domino.Parsers.RoundEnd(v.Field("end"));
            o.Points = global::Dangian.JsonValue.ArrayReader<long>(global::Dangian.JsonValue.ToLong)(v.Field("points"));
            o.Round = global::Dangian.JsonValue.ToLong(v.Field("round"));
            o.Seat = global::Dangian.Domino.Parsers.Seat(v.Field("seat"));
            return o;
        }

        /// <summary>A seat at the table: player 0, 1, 2 or 3, in the game's own numbering.</summary>
        public static int Seat(global::Dangian.JsonValue v)
        {
            return global::Dangian.JsonValue.ToInt(v);
        }

        /// <summary>Reads a &lt;see cref="SeatOrder"/&gt;.</summary>
        public static global::Dangian.Domino.SeatOrder SeatOrder(global::Dangian.JsonValue v)
        {
            string c = v.AsText();
            switch (c)
            {
                case "ascending": return global::Dangian.Domino.SeatOrder.Ascending;
                case "descending": return global::Dangian.Domino.SeatOrder.Descending;
                default:
                    throw new global::System.FormatException("SeatOrder: unknown value " + c);
            }
        }

        /// <summary>Reads a &lt;see cref="TieBreak"/&gt;.</summary>
        public static global::Dangian.Domino.TieBreak TieBreak(global::Dangian.JsonValue v)
        {
            string c = v.AsText();
            switch (c)
            {
                case "higher_end": return global::Dangian.Domino.TieBreak.HigherEnd;
                case "lower_end": return global::Dangian.Domino.TieBreak.LowerEnd;
                default:
                    throw new global::System.FormatException("TieBreak: unknown value " + c);
            }
        }

        /// <summary>A tile [low, high], e.g. [3, 5].</summary>
        public static int[] Tile(global::Dangian.JsonValue v)
        {
            return global::Dangian.JsonValue.ArrayReader<int>(global::Dangian.JsonValue.ToInt)(v);
        }
    }
}
