using System;

namespace Dangian
{
    /// <summary>Who acts next: a seat, chance (a roll, a deal, a draw), or nobody because the
    /// game is over. In JSON: <c>{"kind":"seat","seat":1}</c>, <c>{"kind":"chance"}</c> or
    /// <c>{"kind":"over"}</c>.</summary>
    public struct ToMove : IEquatable<ToMove>
    {
        /// <summary>Which of the three.</summary>
        public enum Kinds
        {
            /// <summary>A player decides: <see cref="ToMove.Seat"/>.</summary>
            Seat,
            /// <summary>Chance decides.</summary>
            Chance,
            /// <summary>The game is over.</summary>
            Over,
        }

        readonly Kinds kind;
        readonly int seat;

        ToMove(Kinds kind, int seat)
        {
            this.kind = kind;
            this.seat = seat;
        }

        /// <summary>Which of the three.</summary>
        public Kinds Kind { get { return kind; } }

        /// <summary>A seat to move.</summary>
        public static ToMove OfSeat(int seat)
        {
            if (seat < 0) throw new ArgumentOutOfRangeException("seat", seat, "a seat is at least 0");
            return new ToMove(Kinds.Seat, seat);
        }

        /// <summary>Chance to move.</summary>
        public static readonly ToMove Chance = new ToMove(Kinds.Chance, -1);

        /// <summary>The game is over.</summary>
        public static readonly ToMove Over = new ToMove(Kinds.Over, -1);

        /// <summary>Whether a player decides.</summary>
        public bool IsSeat { get { return kind == Kinds.Seat; } }

        /// <summary>Whether chance decides.</summary>
        public bool IsChance { get { return kind == Kinds.Chance; } }

        /// <summary>Whether the game is over.</summary>
        public bool IsOver { get { return kind == Kinds.Over; } }

        /// <summary>The seat to move (an <see cref="InvalidOperationException"/> when chance is
        /// to move or the game is over).</summary>
        public int Seat
        {
            get
            {
                if (kind != Kinds.Seat) throw new InvalidOperationException("no seat is to move: " + kind);
                return seat;
            }
        }

        /// <summary>The C ABI's value: a seat, <see cref="Native.ToMoveChance"/> or
        /// <see cref="Native.ToMoveOver"/>.</summary>
        public static ToMove FromNative(int value)
        {
            if (value == Native.ToMoveChance) return Chance;
            if (value == Native.ToMoveOver) return Over;
            return OfSeat(value);
        }

        /// <summary>Reads its JSON form.</summary>
        public static ToMove FromJson(JsonValue v)
        {
            v.ExpectObject("ToMove");
            string k = v.Field("kind").AsText();
            switch (k)
            {
                case "seat": return OfSeat(v.Field("seat").AsInt());
                case "chance": return Chance;
                case "over": return Over;
                default: throw new FormatException("ToMove: unknown kind " + k);
            }
        }

        /// <summary>Equal kind and seat.</summary>
        public bool Equals(ToMove other) { return kind == other.kind && seat == other.seat; }

        /// <summary>Equal kind and seat.</summary>
        public override bool Equals(object obj) { return obj is ToMove && Equals((ToMove)obj); }

        /// <summary>A hash of kind and seat.</summary>
        public override int GetHashCode() { return (int)kind * 31 + seat; }

        /// <summary>Equal kind and seat.</summary>
        public static bool operator ==(ToMove a, ToMove b) { return a.Equals(b); }

        /// <summary>Another kind or seat.</summary>
        public static bool operator !=(ToMove a, ToMove b) { return !a.Equals(b); }

        /// <summary>"seat 1", "chance" or "over".</summary>
        public override string ToString() { return kind == Kinds.Seat ? "seat " + seat : kind == Kinds.Chance ? "chance" : "over"; }
    }
}
