// Generated from schema/ca_ngua/{event,view,outcome,config}.schema.json by schema/tests/unity.rs: do not edit.
// Regenerate with `DANGIAN_BLESS=1 cargo test -p dangian-schema --test unity`.
// The roots: Event, CaNguaView, Outcome, CaNguaConfig.
namespace Dangian.CaNgua
{
    /// <summary>
    /// Which pieces a move may not pass (CN-S9, CN-A8). Landing rules do not change: a move
    /// never lands on an own piece.
    /// </summary>
    public enum Blocking
    {
        /// <summary>Any piece, own or opponent's, strictly between start and target blocks (the seed).</summary>
        AnyPiece,
        /// <summary>Only opponents' pieces block; own pieces (all colours of the player) may be passed.</summary>
        OpponentOnly,
        /// <summary>
        /// Only a blockade blocks. Pieces never share a square here, so a blockade is two pieces
        /// of one colour on two adjacent track squares: a move may not pass a piece that is part
        /// of one. Other pieces may be passed.
        /// </summary>
        TwoPieceBlockadeOnly,
        /// <summary>Nothing blocks; pieces may be passed freely.</summary>
        None,
    }

    /// <summary>Which rolls give a bonus roll (CN-S6, CN-A6).</summary>
    public abstract class BonusRule
    {
        /// <summary>The kind, as JSON names it (the nested class's name in snake_case).</summary>
        public string Kind;

        /// <summary>A double (two dice) gives a bonus roll; with one die nothing does. The seed.</summary>
        public sealed class Doubles : BonusRule
        {
        }

        /// <summary>A double or this unordered pair (e.g. `[6, 1]`) gives a bonus roll (two dice only).</summary>
        public sealed class DoublesOrPair : BonusRule
        {
            /// <summary>One face of the pair.</summary>
            public int A;
            /// <summary>The other face.</summary>
            public int B;
        }

        /// <summary>
        /// A die showing one of these faces gives a bonus roll (with two dice: either die); the
        /// single-die preset uses `[1, 6]`. An empty set never gives one.
        /// </summary>
        public sealed class Faces : BonusRule
        {
            /// <summary>The faces.</summary>
            public int[] FacesValue;
        }

        /// <summary>Reads one from its JSON text.</summary>
        public static BonusRule FromJson(string json)
        {
            return global::Dangian.CaNgua.Parsers.BonusRule(global::Dangian.JsonValue.Parse(json));
        }

        /// <summary>Reads a JSON array of them (what <c>Game.EventsJson</c> returns).</summary>
        public static BonusRule[] ArrayFromJson(string json)
        {
            return global::Dangian.JsonValue.Parse(json).ArrayOf(global::Dangian.CaNgua.Parsers.BonusRule);
        }
    }

    /// <summary>
    /// The rules of one game of Cờ cá ngựa: the seed rules by default, each variant of the rules
    /// file's register selectable (the rule IDs name the entries).
    /// 
    /// JSON: every field is optional (`{}` is the default) and unknown fields are refused.
    /// </summary>
    public sealed class CaNguaConfig
    {
        /// <summary>Which pieces block a move (CN-S9, CN-A8).</summary>
        public global::Dangian.CaNgua.Blocking Blocking = global::Dangian.CaNgua.Parsers.Blocking(global::Dangian.JsonValue.Parse("\"any_piece\""));
        /// <summary>A roll that was used for an exit gives no bonus roll (reading (b) of CN-A6).</summary>
        public bool BonusExclusiveWithExit = false;
        /// <summary>Which rolls give a bonus roll (CN-S6, CN-A6).</summary>
        public global::Dangian.CaNgua.BonusRule BonusRollOn = global::Dangian.CaNgua.Parsers.BonusRule(global::Dangian.JsonValue.Parse("{\"kind\":\"doubles\"}"));
        /// <summary>
        /// A bonus roll is given even when the roll allowed no action (CN-A6). Failed tries never
        /// give one (CN-C4).
        /// </summary>
        public bool BonusWhenNoMove = true;
        /// <summary>Whether kicks are forced (CN-S10, CN-A9).</summary>
        public global::Dangian.CaNgua.Capture Capture = global::Dangian.CaNgua.Parsers.Capture(global::Dangian.JsonValue.Parse("\"optional\""));
        /// <summary>
        /// Play goes on for the other places after the first finisher (CN-S3, CN-A14, CN-C7).
        /// When `false` with three or more players, only the winner is placed. Two players always
        /// get places 1 and 2 when one finishes, whatever this says (CN-C16).
        /// </summary>
        public bool ContinueForPlaces = true;
        /// <summary>Two dice (the seed, CN-S1) or one (§1.5).</summary>
        public global::Dangian.CaNgua.Dice Dice = global::Dangian.CaNgua.Parsers.Dice(global::Dangian.JsonValue.Parse("\"two\""));
        /// <summary>How the dice are spent (CN-A7).</summary>
        public global::Dangian.CaNgua.DiceUsage DiceUsage = global::Dangian.CaNgua.Parsers.DiceUsage(global::Dangian.JsonValue.Parse("\"sum_as_one_move\""));
        /// <summary>Arrival at the door (CN-A10).</summary>
        public global::Dangian.CaNgua.DoorRule DoorRule = global::Dangian.CaNgua.Parsers.DoorRule(global::Dangian.JsonValue.Parse("\"exact_stop\""));
        /// <summary>
        /// What a double allows (CN-S8, CN-A7, CN-C3). With two dice, `SumOnly` never moves 1:
        /// with `door_rule` `ExactStop` or `home_climb = CountSteps` a piece one square short of
        /// a target it must hit exactly would wait for ever, and [`Config::validate`] refuses
        /// them (CN-C18), as it refuses `SumOnly` with `BounceBack`, which the rules name.
        /// </summary>
        public global::Dangian.CaNgua.DoublesMove DoublesMove = global::Dangian.CaNgua.Parsers.DoublesMove(global::Dangian.JsonValue.Parse("\"sum_or_half\""));
        /// <summary>
        /// The exit uses up the roll: the piece stands on the start square (CN-S7, CN-A3). When
        /// `false` the exit spends nothing and the same roll is then played as usual. Either way
        /// the exit comes first: at most one per roll, offered only while no part of the roll
        /// has been used (CN-C12).
        /// </summary>
        public bool ExitConsumesRoll = true;
        /// <summary>With one die: the faces that allow an exit (§1.5: 1 and 6).</summary>
        public int[] ExitFaces = global::Dangian.CaNgua.Parsers.FaceSet(global::Dangian.JsonValue.Parse("[1,6]"));
        /// <summary>A double allows an exit (CN-A2).</summary>
        public bool ExitOnDoubles = true;
        /// <summary>Unordered rolls that allow an exit ("lục nhót" = 6-1, CN-A2).</summary>
        public int[][] ExitOnPairs = global::Dangian.CaNgua.Parsers.PairSet(global::Dangian.JsonValue.Parse("[[1,6]]"));
        /// <summary>A sum of the two dice that allows an exit ("lục" = 6, CN-A2).</summary>
        public int? ExitOnSum = 6;
        /// <summary>
        /// The colour that rolls first (CN-S5: chosen by the players). `None`: the lowest colour
        /// of player 0 (CN-C10).
        /// </summary>
        public int? FirstColour;
        /// <summary>
        /// How many home actions (enter or climb) one roll allows, each spending the die it uses
        /// (CN-A11): 1 (default) or 2.
        /// </summary>
        public int HomeActionsPerRoll = 1;
        /// <summary>Climbing in the home column (CN-A11).</summary>
        public global::Dangian.CaNgua.HomeClimb HomeClimb = global::Dangian.CaNgua.Parsers.HomeClimb(global::Dangian.JsonValue.Parse("\"next_step_exact_face\""));
        /// <summary>Entering the home column (CN-A11).</summary>
        public global::Dangian.CaNgua.HomeEntry HomeEntry = global::Dangian.CaNgua.Parsers.HomeEntry(global::Dangian.JsonValue.Parse("\"by_face_value\""));
        /// <summary>Steps of the home column (CN-A1): 6 by default, 4 to 6.</summary>
        public int HomeSteps = 6;
        /// <summary>Which values count for entering and climbing (CN-A11).</summary>
        public global::Dangian.CaNgua.HomeValues HomeValues = global::Dangian.CaNgua.Parsers.HomeValues(global::Dangian.JsonValue.Parse("\"faces\""));
        /// <summary>
        /// The player's other colour is treated exactly as an opponent everywhere (CN-A13,
        /// CN-C17): it can be landed on and kicked, it blocks as an opponent does under
        /// `blocking`, and `start_occupied_by_opponent` applies to it on an exit. When `false`
        /// (default) it counts as the player's own pieces (CN-C6).
        /// </summary>
        public bool KickOwnOtherColour = false;
        /// <summary>
        /// Money per kick, settled after the game (CN-S10, CN-A15); see
        /// [`State::settlement`](super::State::settlement).
        /// </summary>
        public long? KickStake;
        /// <summary>
        /// The game ends (reason [`EndReason::ActionLimit`](super::EndReason::ActionLimit)) after
        /// this many actions, chance outcomes included, so that no game is endless: kicks can
        /// send pieces back forever. Default 20 000 (a random four-player game takes about 2 500),
        /// at most 65 535.
        /// </summary>
        public long MaxActions = 20000;
        /// <summary>
        /// `Some(n)`: the `n`-th bonus-giving roll in a row within one turn is forfeited (no
        /// action, the turn passes); Ludo's three sixes are `Some(3)` (CN-A6). `n ≥ 2`.
        /// </summary>
        public int? MaxConsecutiveBonus;
        /// <summary>When a player with two colours has finished (CN-A13).</summary>
        public global::Dangian.CaNgua.MultiColourWin MultiColourWin = global::Dangian.CaNgua.Parsers.MultiColourWin(global::Dangian.JsonValue.Parse("\"all_colours\""));
        /// <summary>
        /// Absolute track squares where no piece can be kicked (CN-A9); a move may not land on
        /// an opponent there. Exits follow `start_occupied_by_opponent` only (CN-C15).
        /// </summary>
        public int[] SafeSquares = global::Dangian.CaNgua.Parsers.SquareSet(global::Dangian.JsonValue.Parse("[]"));
        /// <summary>Who plays which colour (CN-S4, CN-A13). Default: four players, one colour each.</summary>
        public int[][] Seats = global::Dangian.CaNgua.Parsers.Seating(global::Dangian.JsonValue.Parse("[[0,0],[1,1],[2,2],[3,3]]"));
        /// <summary>An exit onto a start square held by an opponent (CN-A4).</summary>
        public global::Dangian.CaNgua.StartConflict StartOccupiedByOpponent = global::Dangian.CaNgua.Parsers.StartConflict(global::Dangian.JsonValue.Parse("\"kick\""));
        /// <summary>
        /// The four start squares are safe from track moves (CN-A9); exits follow
        /// `start_occupied_by_opponent` only (CN-C15).
        /// </summary>
        public bool StartSquareSafe = false;
        /// <summary>
        /// Squares of the track (CN-A1, CN-C9): 56 (default), 52, 48 or 40. Colour `c` starts on
        /// square `(L/4)·c`; its door is progress `L − 1`.
        /// </summary>
        public int TrackLen = 56;
        /// <summary>When the tries apply (CN-A5).</summary>
        public global::Dangian.CaNgua.TriesCondition TriesCondition = global::Dangian.CaNgua.Parsers.TriesCondition(global::Dangian.JsonValue.Parse("\"no_piece_on_track\""));
        /// <summary>
        /// Rolls allowed at the start of a turn with no piece out (CN-S7, CN-A5, CN-C4); 0 means
        /// one ordinary roll.
        /// </summary>
        public int TriesWhenNoPieceOut = 3;
        /// <summary>Turn order (CN-S5).</summary>
        public global::Dangian.CaNgua.TurnOrder TurnOrder = global::Dangian.CaNgua.Parsers.TurnOrder(global::Dangian.JsonValue.Parse("\"opposite_to_movement\""));
        /// <summary>
        /// The steps the four pieces must fill to finish (CN-S11, CN-A12): four consecutive steps
        /// of the column, `[6, 5, 4, 3]` by default. Steps above the highest are never used.
        /// </summary>
        public int[] WinSteps = global::Dangian.JsonValue.ArrayReader<int>(global::Dangian.JsonValue.ToInt)(global::Dangian.JsonValue.Parse("[6,5,4,3]"));
        /// <summary>Reads one from its JSON text.</summary>
        public static CaNguaConfig FromJson(string json)
        {
            return global::Dangian.CaNgua.Parsers.CaNguaConfig(global::Dangian.JsonValue.Parse(json));
        }
    }

    /// <summary>What `seat` sees: the whole position, since nothing is hidden in Cờ cá ngựa.</summary>
    public sealed class CaNguaView
    {
        /// <summary>The colour to act, `None` once the game is over.</summary>
        public int? ColourToMove;
        /// <summary>The colours this player plays.</summary>
        public int[] Colours;
        /// <summary>The rules.</summary>
        public global::Dangian.CaNgua.CaNguaConfig Config;
        /// <summary>Finished colours, in order.</summary>
        public int[] FinishedColours;
        /// <summary>Players in finishing order.</summary>
        public int[] FinishingOrder;
        /// <summary>The kick tally by colour, `[kicker][victim]`.</summary>
        public int[][] Kicks;
        /// <summary>The actions this player may take now (empty when it is not its turn).</summary>
        public string[] Legal;
        /// <summary>Actions applied since the start, chance outcomes included.</summary>
        public long MoveNumber;
        /// <summary>The result, once the game is over.</summary>
        public global::Dangian.CaNgua.Outcome Outcome;
        /// <summary>Roll, move or over.</summary>
        public global::Dangian.CaNgua.Phase Phase;
        /// <summary>Every piece's progress, `[colour][piece]` (see [`Setup::pieces`](super::Setup::pieces)).</summary>
        public int[][] Pieces;
        /// <summary>The roll being played.</summary>
        public global::Dangian.CaNgua.CurrentRoll Roll;
        /// <summary>The player it is for.</summary>
        public int Seat;
        /// <summary>Who acts next.</summary>
        public global::Dangian.ToMove ToMove;
        /// <summary>Tries left (CN-S7).</summary>
        public int TriesLeft;
        /// <summary>Whose turn it is: the player of the colour to act (`None` once the game is over).</summary>
        public int? Turn;
        /// <summary>Reads one from its JSON text.</summary>
        public static CaNguaView FromJson(string json)
        {
            return global::Dangian.CaNgua.Parsers.CaNguaView(global::Dangian.JsonValue.Parse(json));
        }
    }

    /// <summary>Whether a possible kick must be taken (CN-S10, CN-A9).</summary>
    public enum Capture
    {
        /// <summary>Kicking is never forced (the seed).</summary>
        Optional,
        /// <summary>When any action of the roll kicks, only kicking actions are legal.</summary>
        Mandatory,
    }

    /// <summary>The roll being played in [`Phase::Move`], with what of it is spent.</summary>
    public sealed class CurrentRoll
    {
        /// <summary>The dice.</summary>
        public int[] Dice;
        /// <summary>Whether this roll already brought a piece out.</summary>
        public bool Exited;
        /// <summary>Home actions (enter or climb) taken with this roll (CN-A11).</summary>
        public int HomeActions;
        /// <summary>Which dice are spent (`[low, high]`; one die uses the first).</summary>
        public bool[] Used;
        /// <summary>Reads one from its JSON text.</summary>
        public static CurrentRoll FromJson(string json)
        {
            return global::Dangian.CaNgua.Parsers.CurrentRoll(global::Dangian.JsonValue.Parse(json));
        }
    }

    /// <summary>How many dice are thrown (CN-S1; single-die preset §1.5).</summary>
    public enum Dice
    {
        /// <summary>Two six-sided dice (xúc xắc), the seed rules.</summary>
        Two,
        /// <summary>One die, the common Vietnamese preset ([`Config::one_die`]).</summary>
        One,
    }

    /// <summary>How the dice of one roll are spent (CN-A7).</summary>
    public enum DiceUsage
    {
        /// <summary>The sum of both dice moves one piece (CN-S8, default).</summary>
        SumAsOneMove,
        /// <summary>
        /// Each die is its own move, of any piece, in either order; `doubles_move` is then not
        /// used. After the first die, the second is played if it can be (no look-ahead).
        /// </summary>
        EachDieSeparately,
    }

    /// <summary>What happens when a track move reaches the door (CN-A10).</summary>
    public enum DoorRule
    {
        /// <summary>
        /// A track move lands on the door or before it; overshooting makes it illegal; no second
        /// lap (default).
        /// </summary>
        ExactStop,
        /// <summary>
        /// The count goes on from the door into the home column (Ludo): the piece lands on step
        /// `p + v − door`; passing or landing on an own piece in the column is illegal, and the
        /// step must not be above the top winning step.
        /// </summary>
        CountIntoHome,
        /// <summary>
        /// The piece walks up to the door and back for the rest of the count (petits chevaux);
        /// every square walked over must be free, and the progress may then go down. A bounce
        /// that would end on the square the piece started from is not a move (CN-C11).
        /// </summary>
        BounceBack,
    }

    /// <summary>What a double allows when the sum is one move (CN-S8, CN-A7, CN-C3).</summary>
    public enum DoublesMove
    {
        /// <summary>One piece moves the full sum or half of it; both are separate actions (default).</summary>
        SumOrHalf,
        /// <summary>One piece moves the full sum only.</summary>
        SumOnly,
        /// <summary>
        /// One piece moves the full sum, or the double is split into two half moves played one
        /// after the other, each by any piece (the same piece included).
        /// </summary>
        SplitTwoPieces,
    }

    /// <summary>Why a game ended.</summary>
    public enum EndReason
    {
        /// <summary>
        /// Every player has a place (with `continue_for_places`, or with two players whatever
        /// it says, CN-C7, CN-C16).
        /// </summary>
        AllPlaced,
        /// <summary>
        /// The first player finished and play stopped (`continue_for_places = false` with three
        /// or more players, CN-S3, CN-C7); only the winner is placed. Two players always end
        /// with [`EndReason::AllPlaced`], places 1 and 2 (CN-C16).
        /// </summary>
        FirstFinisher,
        /// <summary>
        /// The game reached `max_actions` ([`Config::max_actions`](super::Config::max_actions));
        /// players who had finished keep their places, the others are unplaced.
        /// </summary>
        ActionLimit,
    }

    /// <summary>
    /// One step of what an action did, in order, so that a client can animate it.
    /// 
    /// A roll that allows no action is resolved inside the roll itself (it is not a player's
    /// decision): the roll reports [`Event::Stuck`] and then what follows (another try, a bonus
    /// roll, or the next colour's turn).
    /// </summary>
    public abstract class Event
    {
        /// <summary>The kind, as JSON names it (the nested class's name in snake_case).</summary>
        public string Kind;

        /// <summary>
        /// A colour's turn begins; `tries` is the number of rolls it may make to bring a piece
        /// out (CN-S7), 0 for one ordinary roll.
        /// </summary>
        public sealed class TurnStarted : Event
        {
            /// <summary>The colour to play.</summary>
            public int Colour;
            /// <summary>Its player.</summary>
            public int Seat;
            /// <summary>Tries for this turn (0 = one ordinary roll).</summary>
            public int Tries;
        }

        /// <summary>The dice were thrown (đổ xúc xắc).</summary>
        public sealed class Rolled : Event
        {
            /// <summary>The colour rolling.</summary>
            public int Colour;
            /// <summary>What they show.</summary>
            public int[] Roll;
        }

        /// <summary>
        /// The roll allows no action (bị tịt): it is lost. With `tries_left &gt; 0` the colour rolls
        /// again (CN-S7); otherwise a bonus roll or the next turn follows.
        /// </summary>
        public sealed class Stuck : Event
        {
            /// <summary>The colour.</summary>
            public int Colour;
            /// <summary>Tries still to come in this turn.</summary>
            public int TriesLeft;
        }

        /// <summary>The roll is forfeited by the `max_consecutive_bonus` rule (CN-A6); the turn passes.</summary>
        public sealed class Forfeited : Event
        {
            /// <summary>The colour.</summary>
            public int Colour;
        }

        /// <summary>A piece left the yard onto its start square (xuất quân, CN-S7).</summary>
        public sealed class Exited : Event
        {
            /// <summary>Its colour.</summary>
            public int Colour;
            /// <summary>The piece.</summary>
            public int Piece;
            /// <summary>The absolute start square.</summary>
            public int Square;
        }

        /// <summary>
        /// A piece moved onto the next track square (one event per square, the last one is where
        /// it lands).
        /// </summary>
        public sealed class Stepped : Event
        {
            /// <summary>Its colour.</summary>
            public int Colour;
            /// <summary>The piece.</summary>
            public int Piece;
            /// <summary>The absolute square reached.</summary>
            public int Square;
        }

        /// <summary>A piece was kicked (đá) back to its yard (CN-S10).</summary>
        public sealed class Kicked : Event
        {
            /// <summary>The kicking colour.</summary>
            public int By;
            /// <summary>The kicking piece.</summary>
            public int ByPiece;
            /// <summary>The kicked colour.</summary>
            public int Colour;
            /// <summary>The kicked piece (now in the yard).</summary>
            public int Piece;
            /// <summary>The absolute square where it happened.</summary>
            public int Square;
        }

        /// <summary>A piece entered the home column (về chuồng) onto `step`.</summary>
        public sealed class EnteredHome : Event
        {
            /// <summary>Its colour.</summary>
            public int Colour;
            /// <summary>The piece.</summary>
            public int Piece;
            /// <summary>The step reached (1..=6).</summary>
            public int Step;
        }

        /// <summary>A piece climbed one step in the home column (one event per step).</summary>
        public sealed class Climbed : Event
        {
            /// <summary>Its colour.</summary>
            public int Colour;
            /// <summary>The piece.</summary>
            public int Piece;
            /// <summary>The step reached.</summary>
            public int Step;
        }

        /// <summary>A colour has its four pieces on the winning steps (CN-S11).</summary>
        public sealed class ColourFinished : Event
        {
            /// <summary>The colour.</summary>
            public int Colour;
        }

        /// <summary>
        /// A player has finished and takes a place (CN-S3, CN-C7); the last player left is
        /// given the last place the same way.
        /// </summary>
        public sealed class PlayerFinished : Event
        {
            /// <summary>The place, 1 = winner.</summary>
            public int Place;
            /// <summary>The player.</summary>
            public int Seat;
        }

        /// <summary>The same colour rolls again (CN-S6, CN-A6).</summary>
        public sealed class BonusRoll : Event
        {
            /// <summary>The colour.</summary>
            public int Colour;
        }

        /// <summary>The game is over: why, the kicks each player made and the places (CN-C7).</summary>
        public sealed class GameOver : Event
        {
            /// <summary>The result, as [`Game::outcome`](crate::Game::outcome) gives it.</summary>
            public global::Dangian.CaNgua.Outcome Outcome;
        }

        /// <summary>Reads one from its JSON text.</summary>
        public static Event FromJson(string json)
        {
            return global::Dangian.CaNgua.Parsers.Event(global::Dangian.JsonValue.Parse(json));
        }

        /// <summary>Reads a JSON array of them (what <c>Game.EventsJson</c> returns).</summary>
        public static Event[] ArrayFromJson(string json)
        {
            return global::Dangian.JsonValue.Parse(json).ArrayOf(global::Dangian.CaNgua.Parsers.Event);
        }
    }

    /// <summary>
    /// How a piece climbs inside the home column (CN-A11). Climbing never passes or lands on an
    /// own piece, nor goes above the top winning step.
    /// </summary>
    public enum HomeClimb
    {
        /// <summary>From step `s`, a value `s + 1` climbs one step (default).</summary>
        NextStepExactFace,
        /// <summary>From step `s`, a move value `v` of the roll climbs to step `s + v` (CN-C13).</summary>
        CountSteps,
        /// <summary>
        /// From step `s`, a whole, unspent double `d-d` with `d &gt; s` climbs to step `d` (two
        /// dice only, CN-C14).
        /// </summary>
        DoublesOnly,
    }

    /// <summary>
    /// How a piece on the door enters the home column (CN-A11). Entering step `k` needs steps
    /// `1..=k` empty (no passing inside the column) and `k` not above the top winning step.
    /// </summary>
    public enum HomeEntry
    {
        /// <summary>A value `k` (see [`HomeValues`]) puts the piece on step `k` (default).</summary>
        ByFaceValue,
        /// <summary>Only a value 1 enters, onto step 1 (petits chevaux).</summary>
        StepByStepFromOne,
        /// <summary>
        /// The piece counts a move value of the roll (the sum, half of a double, or one die, as
        /// for a track move) into the column, onto step `v`; a die face alone does not count
        /// (CN-C13).
        /// </summary>
        CountSteps,
        /// <summary>Only a whole, unspent double `d-d` enters, onto step `d` (two dice only, CN-C14).</summary>
        DoublesOnly,
    }

    /// <summary>
    /// Which values of a roll count for [`HomeEntry::ByFaceValue`],
    /// [`HomeEntry::StepByStepFromOne`] and [`HomeClimb::NextStepExactFace`] (CN-A11).
    /// </summary>
    public enum HomeValues
    {
        /// <summary>Either die face; the sum does not count (default).</summary>
        Faces,
        /// <summary>Either die face, or the sum of both dice.</summary>
        FacesAndSum,
    }

    /// <summary>When a player with two colours has finished (CN-A13).</summary>
    public enum MultiColourWin
    {
        /// <summary>When all of the player's colours have finished (default).</summary>
        AllColours,
        /// <summary>When any one of them has; the other colour then stops playing.</summary>
        AnyColour,
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
        public global::Dangian.CaNgua.EndReason Reason;
        /// <summary>The game's own score per seat.</summary>
        public int[] Scores;
        /// <summary>Reads one from its JSON text.</summary>
        public static Outcome FromJson(string json)
        {
            return global::Dangian.CaNgua.Parsers.Outcome(global::Dangian.JsonValue.Parse(json));
        }
    }

    /// <summary>The part of the turn the game is in.</summary>
    public enum Phase
    {
        /// <summary>The dice are to be rolled (chance to move).</summary>
        Roll,
        /// <summary>The colour to move plays the roll.</summary>
        Move,
        /// <summary>The game is over.</summary>
        Over,
    }

    /// <summary>
    /// What an exit does when an opponent stands on the start square (CN-A4). An own piece
    /// there always makes the exit illegal.
    /// </summary>
    public enum StartConflict
    {
        /// <summary>The opponent is kicked back to its yard (default).</summary>
        Kick,
        /// <summary>The exit is illegal while the opponent stands there.</summary>
        Blocked,
    }

    /// <summary>When the three tries (CN-S7) apply at the start of a turn (CN-A5).</summary>
    public enum TriesCondition
    {
        /// <summary>
        /// The colour has no piece on the track (door included); pieces in the home column do
        /// not count as out (default).
        /// </summary>
        NoPieceOnTrack,
        /// <summary>All four pieces of the colour are in the yard.</summary>
        AllInYard,
    }

    /// <summary>In which order the colours take turns (CN-S5, §2.1).</summary>
    public enum TurnOrder
    {
        /// <summary>
        /// Turns go clockwise while pieces move counter-clockwise: after colour `c` plays colour
        /// `c − 1 (mod 4)` (the seed).
        /// </summary>
        OppositeToMovement,
        /// <summary>After colour `c` plays colour `c + 1 (mod 4)`.</summary>
        SameAsMovement,
    }

    /// <summary>Readers of every type of the game's JSON forms, from a parsed <see cref="Dangian.JsonValue"/>.</summary>
    public static class Parsers
    {
        /// <summary>Reads a &lt;see cref="Blocking"/&gt;.</summary>
        public static global::Dangian.CaNgua.Blocking Blocking(global::Dangian.JsonValue v)
        {
            string c = v.AsText();
            switch (c)
            {
                case "any_piece": return global::Dangian.CaNgua.Blocking.AnyPiece;
                case "opponent_only": return global::Dangian.CaNgua.Blocking.OpponentOnly;
                case "two_piece_blockade_only": return global::Dangian.CaNgua.Blocking.TwoPieceBlockadeOnly;
                case "none": return global::Dangian.CaNgua.Blocking.None;
                default:
                    throw new global::System.FormatException("Blocking: unknown value " + c);
            }
        }

        /// <summary>Reads a &lt;see cref="BonusRule"/&gt;.</summary>
        public static global::Dangian.CaNgua.BonusRule BonusRule(global::Dangian.JsonValue v)
        {
            v.ExpectObject("BonusRule");
            string kind = v.Field("kind").AsText();
            switch (kind)
            {
                case "doubles":
                {
                    var o = new global::Dangian.CaNgua.BonusRule.Doubles();
                    o.Kind = kind;
                    return o;
                }
                case "doubles_or_pair":
                {
                    var o = new global::Dangian.CaNgua.BonusRule.DoublesOrPair();
                    o.Kind = kind;
                    o.A = global::Dangian.JsonValue.ToInt(v.Field("a"));
                    o.B = global::Dangian.JsonValue.ToInt(v.Field("b"));
                    return o;
                }
                case "faces":
                {
                    var o = new global::Dangian.CaNgua.BonusRule.Faces();
                    o.Kind = kind;
                    o.FacesValue = global::Dangian.CaNgua.Parsers.FaceSet(v.Field("faces"));
                    return o;
                }
                default:
                    throw new global::System.FormatException("BonusRule: unknown kind " + kind);
            }
        }

        /// <summary>An action in Cờ cá ngựa notation: a roll "r3-5" (two dice) or "r4" (one die), an exit "x2", a track move "0+8", an entry into the home column "1&gt;3", a climb "2^1".</summary>
        public static string CaNguaAction(global::Dangian.JsonValue v)
        {
            return global::Dangian.JsonValue.ToText(v);
        }

        /// <summary>Reads a &lt;see cref="CaNguaConfig"/&gt;.</summary>
        public static global::Dangian.CaNgua.CaNguaConfig CaNguaConfig(global::Dangian.JsonValue v)
        {
            v.ExpectObject("CaNguaConfig");
            var o = new global::Dangian.CaNgua.CaNguaConfig();
            { global::Dangian.JsonValue f = v.OptionalField("blocking"); if (f != null) o.Blocking = global::Dangian.CaNgua.Parsers.Blocking(f); }
            { global::Dangian.JsonValue f = v.OptionalField("bonus_exclusive_with_exit"); if (f != null) o.BonusExclusiveWithExit = global::Dangian.JsonValue.ToBool(f); }
            { global::Dangian.JsonValue f = v.OptionalField("bonus_roll_on"); if (f != null) o.BonusRollOn = global::Dangian.CaNgua.Parsers.BonusRule(f); }
            { global::Dangian.JsonValue f = v.OptionalField("bonus_when_no_move"); if (f != null) o.BonusWhenNoMove = global::Dangian.JsonValue.ToBool(f); }
            { global::Dangian.JsonValue f = v.OptionalField("capture"); if (f != null) o.Capture = global::Dangian.CaNgua.Parsers.Capture(f); }
            { global::Dangian.JsonValue f = v.OptionalField("continue_for_places"); if (f != null) o.ContinueForPlaces = global::Dangian.JsonValue.ToBool(f); }
            { global::Dangian.JsonValue f = v.OptionalField("dice"); if (f != null) o.Dice = global::Dangian.CaNgua.Parsers.Dice(f); }
            { global::Dangian.JsonValue f = v.OptionalField("dice_usage"); if (f != null) o.DiceUsage = global::Dangian.CaNgua.Parsers.DiceUsage(f); }
            { global::Dangian.JsonValue f = v.OptionalField("door_rule"); if (f != null) o.DoorRule = global::Dangian.CaNgua.Parsers.DoorRule(f); }
            { global::Dangian.JsonValue f = v.OptionalField("doubles_move"); if (f != null) o.DoublesMove = global::Dangian.CaNgua.Parsers.DoublesMove(f); }
            { global::Dangian.JsonValue f = v.OptionalField("exit_consumes_roll"); if (f != null) o.ExitConsumesRoll = global::Dangian.JsonValue.ToBool(f); }
            { global::Dangian.JsonValue f = v.OptionalField("exit_faces"); if (f != null) o.ExitFaces = global::Dangian.CaNgua.Parsers.FaceSet(f); }
            { global::Dangian.JsonValue f = v.OptionalField("exit_on_doubles"); if (f != null) o.ExitOnDoubles = global::Dangian.JsonValue.ToBool(f); }
            { global::Dangian.JsonValue f = v.OptionalField("exit_on_pairs"); if (f != null) o.ExitOnPairs = global::Dangian.CaNgua.Parsers.PairSet(f); }
            { global::Dangian.JsonValue f = v.OptionalField("exit_on_sum"); if (f != null) o.ExitOnSum = global::Dangian.JsonValue.NullableReader<int>(global::Dangian.JsonValue.ToInt)(f); }
            { global::Dangian.JsonValue f = v.OptionalField("first_colour"); if (f != null) o.FirstColour = global::Dangian.JsonValue.NullableReader<int>(global::Dangian.CaNgua.Parsers.Colour)(f); }
            { global::Dangian.JsonValue f = v.OptionalField("home_actions_per_roll"); if (f != null) o.HomeActionsPerRoll = global::Dangian.JsonValue.ToInt(f); }
            { global::Dangian.JsonValue f = v.OptionalField("home_climb"); if (f != null) o.HomeClimb = global::Dangian.CaNgua.Parsers.HomeClimb(f); }
            { global::Dangian.JsonValue f = v.OptionalField("home_entry"); if (f != null) o.HomeEntry = global::Dangian.CaNgua.Parsers.HomeEntry(f); }
            { global::Dangian.JsonValue f = v.OptionalField("home_steps"); if (f != null) o.HomeSteps = global::Dangian.JsonValue.ToInt(f); }
            { global::Dangian.JsonValue f = v.OptionalField("home_values"); if (f != null) o.HomeValues = global::Dangian.CaNgua.Parsers.HomeValues(f); }
            { global::Dangian.JsonValue f = v.OptionalField("kick_own_other_colour"); if (f != null) o.KickOwnOtherColour = global::Dangian.JsonValue.ToBool(f); }
            { global::Dangian.JsonValue f = v.OptionalField("kick_stake"); if (f != null) o.KickStake = global::Dangian.JsonValue.NullableReader<long>(global::Dangian.JsonValue.ToLong)(f); }
            { global::Dangian.JsonValue f = v.OptionalField("max_actions"); if (f != null) o.MaxActions = global::Dangian.JsonValue.ToLong(f); }
            { global::Dangian.JsonValue f = v.OptionalField("max_consecutive_bonus"); if (f != null) o.MaxConsecutiveBonus = global::Dangian.JsonValue.NullableReader<int>(global::Dangian.JsonValue.ToInt)(f); }
            { global::Dangian.JsonValue f = v.OptionalField("multi_colour_win"); if (f != null) o.MultiColourWin = global::Dangian.CaNgua.Parsers.MultiColourWin(f); }
            { global::Dangian.JsonValue f = v.OptionalField("safe_squares"); if (f != null) o.SafeSquares = global::Dangian.CaNgua.Parsers.SquareSet(f); }
            { global::Dangian.JsonValue f = v.OptionalField("seats"); if (f != null) o.Seats = global::Dangian.CaNgua.Parsers.Seating(f); }
            { global::Dangian.JsonValue f = v.OptionalField("start_occupied_by_opponent"); if (f != null) o.StartOccupiedByOpponent = global::Dangian.CaNgua.Parsers.StartConflict(f); }
            { global::Dangian.JsonValue f = v.OptionalField("start_square_safe"); if (f != null) o.StartSquareSafe = global::Dangian.JsonValue.ToBool(f); }
            { global::Dangian.JsonValue f = v.OptionalField("track_len"); if (f != null) o.TrackLen = global::Dangian.JsonValue.ToInt(f); }
            { global::Dangian.JsonValue f = v.OptionalField("tries_condition"); if (f != null) o.TriesCondition = global::Dangian.CaNgua.Parsers.TriesCondition(f); }
            { global::Dangian.JsonValue f = v.OptionalField("tries_when_no_piece_out"); if (f != null) o.TriesWhenNoPieceOut = global::Dangian.JsonValue.ToInt(f); }
            { global::Dangian.JsonValue f = v.OptionalField("turn_order"); if (f != null) o.TurnOrder = global::Dangian.CaNgua.Parsers.TurnOrder(f); }
            { global::Dangian.JsonValue f = v.OptionalField("win_steps"); if (f != null) o.WinSteps = global::Dangian.JsonValue.ArrayReader<int>(global::Dangian.JsonValue.ToInt)(f); }
            return o;
        }

        /// <summary>Reads a &lt;see cref="CaNguaView"/&gt;.</summary>
        public static global::Dangian.CaNgua.CaNguaView CaNguaView(global::Dangian.JsonValue v)
        {
            v.ExpectObject("CaNguaView");
            var o = new global::Dangian.CaNgua.CaNguaView();
            { global::Dangian.JsonValue f = v.OptionalField("colour_to_move"); if (f != null) o.ColourToMove = global::Dangian.JsonValue.NullableReader<int>(global::Dangian.CaNgua.Parsers.Colour)(f); }
            o.Colours = global::Dangian.JsonValue.ArrayReader<int>(global::Dangian.CaNgua.Parsers.Colour)(v.Field("colours"));
            o.Config = global::Dangian.CaNgua.Parsers.CaNguaConfig(v.Field("config"));
            o.FinishedColours = global::Dangian.JsonValue.ArrayReader<int>(global::Dangian.CaNgua.Parsers.Colour)(v.Field("finished_colours"));
            o.FinishingOrder = global::Dangian.JsonValue.ArrayReader<int>(global::Dangian.CaNgua.Parsers.Seat)(v.Field("finishing_order"));
            o.Kicks = global::Dangian.JsonValue.ArrayReader<int[]>(global::Dangian.JsonValue.ArrayReader<int>(global::Dangian.JsonValue.ToInt))(v.Field("kicks"));
            o.Legal = global::Dangian.JsonValue.ArrayReader<string>(global::Dangian.CaNgua.Parsers.CaNguaAction)(v.Field("legal"));
            o.MoveNumber = global::Dangian.JsonValue.ToLong(v.Field("move_number"));
            { global::Dangian.JsonValue f = v.OptionalField("outcome"); if (f != null) o.Outcome = global::Dangian.JsonValue.OrNullReader<global::Dangian.CaNgua.Outcome>(global::Dangian.CaNgua.Parsers.Outcome)(f); }
            o.Phase = global::Dangian.CaNgua.Parsers.Phase(v.Field("phase"));
            o.Pieces = global::Dangian.JsonValue.ArrayReader<int[]>(global::Dangian.JsonValue.ArrayReader<int>(global::Dangian.JsonValue.ToInt))(v.Field("pieces"));
            { global::Dangian.JsonValue f = v.OptionalField("roll"); if (f != null) o.Roll = global::Dangian.JsonValue.OrNullReader<global::Dangian.CaNgua.CurrentRoll>(global::Dangian.CaNgua.Parsers.CurrentRoll)(f); }
            o.Seat = global::Dangian.CaNgua.Parsers.Seat(v.Field("seat"));
            o.ToMove = global::Dangian.ToMove.FromJson(v.Field("to_move"));
            o.TriesLeft = global::Dangian.JsonValue.ToInt(v.Field("tries_left"));
            { global::Dangian.JsonValue f = v.OptionalField("turn"); if (f != null) o.Turn = global::Dangian.JsonValue.NullableReader<int>(global::Dangian.CaNgua.Parsers.Seat)(f); }
            return o;
        }

        /// <summary>Reads a &lt;see cref="Capture"/&gt;.</summary>
        public static global::Dangian.CaNgua.Capture Capture(global::Dangian.JsonValue v)
        {
            string c = v.AsText();
            switch (c)
            {
                case "optional": return global::Dangian.CaNgua.Capture.Optional;
                case "mandatory": return global::Dangian.CaNgua.Capture.Mandatory;
                default:
                    throw new global::System.FormatException("Capture: unknown value " + c);
            }
        }

        /// <summary>
        /// One of the four colours of the board and its pieces (CN-S1: đỏ, vàng, xanh dương,
        /// xanh lá cây), numbered `0..=3` in the direction the pieces move (rules §2.1).
        /// 
        /// The names follow the order of the seed text: 0 red, 1 yellow, 2 blue, 3 green.
        /// </summary>
        public static int Colour(global::Dangian.JsonValue v)
        {
            return global::Dangian.JsonValue.ToInt(v);
        }

        /// <summary>Reads a &lt;see cref="CurrentRoll"/&gt;.</summary>
        public static global::Dangian.CaNgua.CurrentRoll CurrentRoll(global::Dangian.JsonValue v)
        {
            v.ExpectObject("CurrentRoll");
            var o = new global::Dangian.CaNgua.CurrentRoll();
            o.Dice = global::Dangian.CaNgua.Parsers.Roll(v.Field("dice"));
            o.Exited = global::Dangian.JsonValue.ToBool(v.Field("exited"));
            o.HomeActions = global::Dangian.JsonValue.ToInt(v.Field("home_actions"));
            o.Used = global::Dangian.JsonValue.ArrayReader<bool>(global::Dangian.JsonValue.ToBool)(v.Field("used"));
            return o;
        }

        /// <summary>Reads a &lt;see cref="Dice"/&gt;.</summary>
        public static global::Dangian.CaNgua.Dice Dice(global::Dangian.JsonValue v)
        {
            string c = v.AsText();
            switch (c)
            {
                case "two": return global::Dangian.CaNgua.Dice.Two;
                case "one": return global::Dangian.CaNgua.Dice.One;
                default:
                    throw new global::System.FormatException("Dice: unknown value " + c);
            }
        }

        /// <summary>Reads a &lt;see cref="DiceUsage"/&gt;.</summary>
        public static global::Dangian.CaNgua.DiceUsage DiceUsage(global::Dangian.JsonValue v)
        {
            string c = v.AsText();
            switch (c)
            {
                case "sum_as_one_move": return global::Dangian.CaNgua.DiceUsage.SumAsOneMove;
                case "each_die_separately": return global::Dangian.CaNgua.DiceUsage.EachDieSeparately;
                default:
                    throw new global::System.FormatException("DiceUsage: unknown value " + c);
            }
        }

        /// <summary>Reads a &lt;see cref="DoorRule"/&gt;.</summary>
        public static global::Dangian.CaNgua.DoorRule DoorRule(global::Dangian.JsonValue v)
        {
            string c = v.AsText();
            switch (c)
            {
                case "exact_stop": return global::Dangian.CaNgua.DoorRule.ExactStop;
                case "count_into_home": return global::Dangian.CaNgua.DoorRule.CountIntoHome;
                case "bounce_back": return global::Dangian.CaNgua.DoorRule.BounceBack;
                default:
                    throw new global::System.FormatException("DoorRule: unknown value " + c);
            }
        }

        /// <summary>Reads a &lt;see cref="DoublesMove"/&gt;.</summary>
        public static global::Dangian.CaNgua.DoublesMove DoublesMove(global::Dangian.JsonValue v)
        {
            string c = v.AsText();
            switch (c)
            {
                case "sum_or_half": return global::Dangian.CaNgua.DoublesMove.SumOrHalf;
                case "sum_only": return global::Dangian.CaNgua.DoublesMove.SumOnly;
                case "split_two_pieces": return global::Dangian.CaNgua.DoublesMove.SplitTwoPieces;
                default:
                    throw new global::System.FormatException("DoublesMove: unknown value " + c);
            }
        }

        /// <summary>Reads a &lt;see cref="EndReason"/&gt;.</summary>
        public static global::Dangian.CaNgua.EndReason EndReason(global::Dangian.JsonValue v)
        {
            string c = v.AsText();
            switch (c)
            {
                case "all_placed": return global::Dangian.CaNgua.EndReason.AllPlaced;
                case "first_finisher": return global::Dangian.CaNgua.EndReason.FirstFinisher;
                case "action_limit": return global::Dangian.CaNgua.EndReason.ActionLimit;
                default:
                    throw new global::System.FormatException("EndReason: unknown value " + c);
            }
        }

        /// <summary>Reads a &lt;see cref="Event"/&gt;.</summary>
        public static global::Dangian.CaNgua.Event Event(global::Dangian.JsonValue v)
        {
            v.ExpectObject("Event");
            string kind = v.Field("kind").AsText();
            switch (kind)
            {
                case "turn_started":
                {
                    var o = new global::Dangian.CaNgua.Event.TurnStarted();
                    o.Kind = kind;
                    o.Colour = global::Dangian.CaNgua.Parsers.Colour(v.Field("colour"));
                    o.Seat = global::Dangian.CaNgua.Parsers.Seat(v.Field("seat"));
                    o.Tries = global::Dangian.JsonValue.ToInt(v.Field("tries"));
                    return o;
                }
                case "rolled":
                {
                    var o = new global::Dangian.CaNgua.Event.Rolled();
                    o.Kind = kind;
                    o.Colour = global::Dangian.CaNgua.Parsers.Colour(v.Field("colour"));
                    o.Roll = global::Dangian.CaNgua.Parsers.Roll(v.Field("roll"));
                    return o;
                }
                case "stuck":
                {
                    var o = new global::Dangian.CaNgua.Event.Stuck();
                    o.Kind = kind;
                    o.Colour = global::Dangian.CaNgua.Parsers.Colour(v.Field("colour"));
                    o.TriesLeft = global::Dangian.JsonValue.ToInt(v.Field("tries_left"));
                    return o;
                }
                case "forfeited":
                {
                    var o = new global::Dangian.CaNgua.Event.Forfeited();
                    o.Kind = kind;
                    o.Colour = global::Dangian.CaNgua.Parsers.Colour(v.Field("colour"));
                    return o;
                }
                case "exited":
                {
                    var o = new global::Dangian.CaNgua.Event.Exited();
                    o.Kind = kind;
                    o.Colour = global::Dangian.CaNgua.Parsers.Colour(v.Field("colour"));
                    o.Piece = global::Dangian.JsonValue.ToInt(v.Field("piece"));
                    o.Square = global::Dangian.JsonValue.ToInt(v.Field("square"));
                    return o;
                }
                case "stepped":
                {
                    var o = new global::Dangian.CaNgua.Event.Stepped();
                    o.Kind = kind;
                    o.Colour = global::Dangian.CaNgua.Parsers.Colour(v.Field("colour"));
                    o.Piece = global::Dangian.JsonValue.ToInt(v.Field("piece"));
                    o.Square = global::Dangian.JsonValue.ToInt(v.Field("square"));
                    return o;
                }
                case "kicked":
                {
                    var o = new global::Dangian.CaNgua.Event.Kicked();
                    o.Kind = kind;
                    o.By = global::Dangian.CaNgua.Parsers.Colour(v.Field("by"));
                    o.ByPiece = global::Dangian.JsonValue.ToInt(v.Field("by_piece"));
                    o.Colour = global::Dangian.CaNgua.Parsers.Colour(v.Field("colour"));
                    o.Piece = global::Dangian.JsonValue.ToInt(v.Field("piece"));
                    o.Square = global::Dangian.JsonValue.ToInt(v.Field("square"));
                    return o;
                }
                case "entered_home":
                {
                    var o = new global::Dangian.CaNgua.Event.EnteredHome();
                    o.Kind = kind;
                    o.Colour = global::Dangian.CaNgua.Parsers.Colour(v.Field("colour"));
                    o.Piece = global::Dangian.JsonValue.ToInt(v.Field("piece"));
                    o.Step = global::Dangian.JsonValue.ToInt(v.Field("step"));
                    return o;
                }
                case "climbed":
                {
                    var o = new global::Dangian.CaNgua.Event.Climbed();
                    o.Kind = kind;
                    o.Colour = global::Dangian.CaNgua.Parsers.Colour(v.Field("colour"));
                    o.Piece = global::Dangian.JsonValue.ToInt(v.Field("piece"));
                    o.Step = global::Dangian.JsonValue.ToInt(v.Field("step"));
                    return o;
                }
                case "colour_finished":
                {
                    var o = new global::Dangian.CaNgua.Event.ColourFinished();
                    o.Kind = kind;
                    o.Colour = global::Dangian.CaNgua.Parsers.Colour(v.Field("colour"));
                    return o;
                }
                case "player_finished":
                {
                    var o = new global::Dangian.CaNgua.Event.PlayerFinished();
                    o.Kind = kind;
                    o.Place = global::Dangian.JsonValue.ToInt(v.Field("place"));
                    o.Seat = global::Dangian.CaNgua.Parsers.Seat(v.Field("seat"));
                    return o;
                }
                case "bonus_roll":
                {
                    var o = new global::Dangian.CaNgua.Event.BonusRoll();
                    o.Kind = kind;
                    o.Colour = global::Dangian.CaNgua.Parsers.Colour(v.Field("colour"));
                    return o;
                }
                case "game_over":
                {
                    var o = new global::Dangian.CaNgua.Event.GameOver();
                    o.Kind = kind;
                    o.Outcome = global::Dangian.CaNgua.Parsers.Outcome(v.Field("outcome"));
                    return o;
                }
                default:
                    throw new global::System.FormatException("Event: unknown kind " + kind);
            }
        }

        /// <summary>A set of die faces, e.g. [1, 6].</summary>
        public static int[] FaceSet(global::Dangian.JsonValue v)
        {
            return global::Dangian.JsonValue.ArrayReader<int>(global::Dangian.JsonValue.ToInt)(v);
        }

        /// <summary>Reads a &lt;see cref="HomeClimb"/&gt;.</summary>
        public static global::Dangian.CaNgua.HomeClimb HomeClimb(global::Dangian.JsonValue v)
        {
            string c = v.AsText();
            switch (c)
            {
                case "next_step_exact_face": return global::Dangian.CaNgua.HomeClimb.NextStepExactFace;
                case "count_steps": return global::Dangian.CaNgua.HomeClimb.CountSteps;
                case "doubles_only": return global::Dangian.CaNgua.HomeClimb.DoublesOnly;
                default:
                    throw new global::System.FormatException("HomeClimb: unknown value " + c);
            }
        }

        /// <summary>Reads a &lt;see cref="HomeEntry"/&gt;.</summary>
        public static global::Dangian.CaNgua.HomeEntry HomeEntry(global::Dangian.JsonValue v)
        {
            string c = v.AsText();
            switch (c)
            {
                case "by_face_value": return global::Dangian.CaNgua.HomeEntry.ByFaceValue;
                case "step_by_step_from_one": return global::Dangian.CaNgua.HomeEntry.StepByStepFromOne;
                case "count_steps": return global::Dangian.CaNgua.HomeEntry.CountSteps;
                case "doubles_only": return global::Dangian.CaNgua.HomeEntry.DoublesOnly;
                default:
                    throw new global::System.FormatException("HomeEntry: unknown value " + c);
            }
        }

        /// <summary>Reads a &lt;see cref="HomeValues"/&gt;.</summary>
        public static global::Dangian.CaNgua.HomeValues HomeValues(global::Dangian.JsonValue v)
        {
            string c = v.AsText();
            switch (c)
            {
                case "faces": return global::Dangian.CaNgua.HomeValues.Faces;
                case "faces_and_sum": return global::Dangian.CaNgua.HomeValues.FacesAndSum;
                default:
                    throw new global::System.FormatException("HomeValues: unknown value " + c);
            }
        }

        /// <summary>Reads a &lt;see cref="MultiColourWin"/&gt;.</summary>
        public static global::Dangian.CaNgua.MultiColourWin MultiColourWin(global::Dangian.JsonValue v)
        {
            string c = v.AsText();
            switch (c)
            {
                case "all_colours": return global::Dangian.CaNgua.MultiColourWin.AllColours;
                case "any_colour": return global::Dangian.CaNgua.MultiColourWin.AnyColour;
                default:
                    throw new global::System.FormatException("MultiColourWin: unknown value " + c);
            }
        }

        /// <summary>Reads a &lt;see cref="Outcome"/&gt;.</summary>
        public static global::Dangian.CaNgua.Outcome Outcome(global::Dangian.JsonValue v)
        {
            v.ExpectObject("Outcome");
            var o = new global::Dangian.CaNgua.Outcome();
            o.Places = global::Dangian.JsonValue.ArrayReader<int>(global::Dangian.JsonValue.ToInt)(v.Field("places"));
            o.Reason = global::Dangian.CaNgua.Parsers.EndReason(v.Field("reason"));
            o.Scores = global::Dangian.JsonValue.ArrayReader<int>(global::Dangian.JsonValue.ToInt)(v.Field("scores"));
            return o;
        }

        /// <summary>A set of unordered two-dice rolls, e.g. [[1, 6]].</summary>
        public static int[][] PairSet(global::Dangian.JsonValue v)
        {
            return global::Dangian.JsonValue.ArrayReader<int[]>(global::Dangian.JsonValue.ArrayReader<int>(global::Dangian.JsonValue.ToInt))(v);
        }

        /// <summary>Reads a &lt;see cref="Phase"/&gt;.</summary>
        public static global::Dangian.CaNgua.Phase Phase(global::Dangian.JsonValue v)
        {
            string c = v.AsText();
            switch (c)
            {
                case "roll": return global::Dangian.CaNgua.Phase.Roll;
                case "move": return global::Dangian.CaNgua.Phase.Move;
                case "over": return global::Dangian.CaNgua.Phase.Over;
                default:
                    throw new global::System.FormatException("Phase: unknown value " + c);
            }
        }

        /// <summary>
        /// What the dice show. A two-dice roll is unordered (CN-C1): `Two(low, high)` with
        /// `low ≤ high`. In JSON, the list of faces: `[3, 5]` or `[4]`.
        /// </summary>
        public static int[] Roll(global::Dangian.JsonValue v)
        {
            return global::Dangian.JsonValue.ArrayReader<int>(global::Dangian.JsonValue.ToInt)(v);
        }

        /// <summary>A seat at the table: player 0, 1, 2 or 3, in the game's own numbering.</summary>
        public static int Seat(global::Dangian.JsonValue v)
        {
            return global::Dangian.JsonValue.ToInt(v);
        }

        /// <summary>Who plays which colour: [colour, player] pairs, e.g. [[0,0],[1,1],[2,2],[3,3]].</summary>
        public static int[][] Seating(global::Dangian.JsonValue v)
        {
            return global::Dangian.JsonValue.ArrayReader<int[]>(global::Dangian.JsonValue.ArrayReader<int>(global::Dangian.JsonValue.ToInt))(v);
        }

        /// <summary>A set of absolute track squares.</summary>
        public static int[] SquareSet(global::Dangian.JsonValue v)
        {
            return global::Dangian.JsonValue.ArrayReader<int>(global::Dangian.JsonValue.ToInt)(v);
        }

        /// <summary>Reads a &lt;see cref="StartConflict"/&gt;.</summary>
        public static global::Dangian.CaNgua.StartConflict StartConflict(global::Dangian.JsonValue v)
        {
            string c = v.AsText();
            switch (c)
            {
                case "kick": return global::Dangian.CaNgua.StartConflict.Kick;
                case "blocked": return global::Dangian.CaNgua.StartConflict.Blocked;
                default:
                    throw new global::System.FormatException("StartConflict: unknown value " + c);
            }
        }

        /// <summary>Reads a &lt;see cref="TriesCondition"/&gt;.</summary>
        public static global::Dangian.CaNgua.TriesCondition TriesCondition(global::Dangian.JsonValue v)
        {
            string c = v.AsText();
            switch (c)
            {
                case "no_piece_on_track": return global::Dangian.CaNgua.TriesCondition.NoPieceOnTrack;
                case "all_in_yard": return global::Dangian.CaNgua.TriesCondition.AllInYard;
                default:
                    throw new global::System.FormatException("TriesCondition: unknown value " + c);
            }
        }

        /// <summary>Reads a &lt;see cref="TurnOrder"/&gt;.</summary>
        public static global::Dangian.CaNgua.TurnOrder TurnOrder(global::Dangian.JsonValue v)
        {
            string c = v.AsText();
            switch (c)
            {
                case "opposite_to_movement": return global::Dangian.CaNgua.TurnOrder.OppositeToMovement;
                case "same_as_movement": return global::Dangian.CaNgua.TurnOrder.SameAsMovement;
                default:
                    throw new global::System.FormatException("TurnOrder: unknown value " + c);
            }
        }
    }
}
