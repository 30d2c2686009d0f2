// Dangian.cs: a C# binding of the dangian C API (include/dangian.h), in the C# that Unity
// accepts: C# 7.3 / .NET Standard 2.0, no unsafe code, P/Invoke with CallingConvention.Cdecl, a
// SafeHandle for every DgGame, blittable sequential structs, and UTF-8 byte buffers.
//
// Unity: put the native library under Assets/Plugins/ (e.g. Plugins/x86_64/dangian.dll,
// Plugins/macOS/libdangian.dylib or dangian.bundle, Plugins/Android/<abi>/libdangian.so,
// Plugins/Linux/x86_64/libdangian.so) and this file anywhere under Assets/. On iOS (and any
// IL2CPP target that links the library statically) the native code is linked into the app
// itself, so the library name is "__Internal": put libdangian.a under Plugins/iOS/; the
// UNITY_IOS switch below picks the name.
//
// Thread safety: a Game may be moved between threads but not used from two at once (the C
// handle's rule); use Clone() to give each thread its own.
using System;
using System.Collections.Generic;
using System.Runtime.InteropServices;
using System.Text;

namespace Dangian
{
    /// <summary>The status of every call (DgStatus); values are fixed and never reused.</summary>
    public enum DgStatus : int
    {
        Ok = 0,
        NullPointer = 1,
        InvalidArgument = 2,
        BufferTooSmall = 3,
        InvalidUtf8 = 4,
        InvalidJson = 5,
        InvalidConfig = 6,
        UnknownAction = 7,
        IllegalAction = 8,
        StaleAction = 9,
        NotChance = 10,
        NotOver = 11,
        InvalidRecord = 12,
        WrongGame = 13,
        Panic = 14,
        Poisoned = 15,
        NoDecision = 16,
    }

    /// <summary>Bot difficulty levels (the `level` argument of dg_bot_choose / dg_bot_hints).</summary>
    public enum BotLevel : uint
    {
        Easy = 0,
        Medium = 1,
        Hard = 2,
    }

    /// <summary>The three games (DgGameKind).</summary>
    public enum GameKind : uint
    {
        OAnQuan = 0,
        CaNgua = 1,
        Domino = 2,
    }

    // Fixed-size arrays inside the structs, as blittable structs of plain fields (fixed
    // buffers would need unsafe code). Each has a read-only indexer.

    [StructLayout(LayoutKind.Sequential)]
    public struct Int2
    {
        public int E0, E1;
        public int Length { get { return 2; } }
        public int this[int i] { get { switch (i) { case 0: return E0; case 1: return E1; default: throw new IndexOutOfRangeException(); } } }
    }

    [StructLayout(LayoutKind.Sequential)]
    public struct UInt2
    {
        public uint E0, E1;
        public int Length { get { return 2; } }
        public uint this[int i] { get { switch (i) { case 0: return E0; case 1: return E1; default: throw new IndexOutOfRangeException(); } } }
    }

    [StructLayout(LayoutKind.Sequential)]
    public struct Int4
    {
        public int E0, E1, E2, E3;
        public int Length { get { return 4; } }
        public int this[int i] { get { switch (i) { case 0: return E0; case 1: return E1; case 2: return E2; case 3: return E3; default: throw new IndexOutOfRangeException(); } } }
    }

    [StructLayout(LayoutKind.Sequential)]
    public struct UInt4
    {
        public uint E0, E1, E2, E3;
        public int Length { get { return 4; } }
        public uint this[int i] { get { switch (i) { case 0: return E0; case 1: return E1; case 2: return E2; case 3: return E3; default: throw new IndexOutOfRangeException(); } } }
    }

    [StructLayout(LayoutKind.Sequential)]
    public struct UInt12
    {
        public UInt4 A, B, C;
        public int Length { get { return 12; } }
        public uint this[int i] { get { if (i < 0 || i >= 12) throw new IndexOutOfRangeException(); return i < 4 ? A[i] : i < 8 ? B[i - 4] : C[i - 8]; } }
    }

    /// <summary>A 4×4 table: <c>t[row][column]</c>.</summary>
    [StructLayout(LayoutKind.Sequential)]
    public struct Int4x4
    {
        public Int4 R0, R1, R2, R3;
        public Int4 this[int i] { get { switch (i) { case 0: return R0; case 1: return R1; case 2: return R2; case 3: return R3; default: throw new IndexOutOfRangeException(); } } }
    }

    /// <summary>A 4×4 table: <c>t[row][column]</c>.</summary>
    [StructLayout(LayoutKind.Sequential)]
    public struct UInt4x4
    {
        public UInt4 R0, R1, R2, R3;
        public UInt4 this[int i] { get { switch (i) { case 0: return R0; case 1: return R1; case 2: return R2; case 3: return R3; default: throw new IndexOutOfRangeException(); } } }
    }

    /// <summary>A chance outcome and its weight (DgChanceOutcome).</summary>
    [StructLayout(LayoutKind.Sequential)]
    public struct DgChanceOutcome
    {
        public uint Action;
        public uint Weight;
    }

    /// <summary>A legal action ranked by a bot (DgHint): higher Score is better for the mover.</summary>
    [StructLayout(LayoutKind.Sequential)]
    public struct DgHint
    {
        public uint Action;
        public uint Visits;
        public double Score;
    }

    /// <summary>The result of a finished game (DgOutcome).</summary>
    [StructLayout(LayoutKind.Sequential)]
    public struct DgOutcome
    {
        public uint Seats;
        public Int4 Scores;
        public UInt4 Places;
    }

    /// <summary>An Ô ăn quan position (DgOAnQuanBoard).</summary>
    [StructLayout(LayoutKind.Sequential)]
    public struct DgOAnQuanBoard
    {
        public UInt12 Dan;
        public UInt2 BigOnBoard;
        public Int2 BigCapturedBy;
        public Int2 CapturedDan;
        public UInt2 CapturedQuan;
        public Int2 Scores;
        public int ToMove;
        public uint Ply;
    }

    /// <summary>A tile on the Domino line, turned as it lies (DgDominoPlaced).</summary>
    [StructLayout(LayoutKind.Sequential)]
    public struct DgDominoPlaced
    {
        public byte Left;
        public byte Right;
    }

    [StructLayout(LayoutKind.Sequential)]
    public struct Placed4
    {
        public DgDominoPlaced P0, P1, P2, P3;
        public DgDominoPlaced this[int i] { get { switch (i) { case 0: return P0; case 1: return P1; case 2: return P2; case 3: return P3; default: throw new IndexOutOfRangeException(); } } }
    }

    /// <summary>The 28 places of the Domino line.</summary>
    [StructLayout(LayoutKind.Sequential)]
    public struct Placed28
    {
        public Placed4 Q0, Q1, Q2, Q3, Q4, Q5, Q6;
        public int Length { get { return 28; } }
        public DgDominoPlaced this[int i]
        {
            get
            {
                switch (i >> 2)
                {
                    case 0: return Q0[i & 3];
                    case 1: return Q1[i & 3];
                    case 2: return Q2[i & 3];
                    case 3: return Q3[i & 3];
                    case 4: return Q4[i & 3];
                    case 5: return Q5[i & 3];
                    case 6: return Q6[i & 3];
                    default: throw new IndexOutOfRangeException();
                }
            }
        }
    }

    /// <summary>What one seat sees of a Domino match (DgDominoBoard).</summary>
    [StructLayout(LayoutKind.Sequential)]
    public struct DgDominoBoard
    {
        public uint Seat;
        public uint Players;
        public uint Round;
        public uint Phase;
        public int ToMove;
        public uint HandMask;
        public UInt4 HandCounts;
        public uint Boneyard;
        public uint Drawable;
        public Int2 Ends;
        public uint LineLen;
        public Placed28 Line;
        public UInt4 Scores;
    }

    /// <summary>A Cờ cá ngựa position (DgCaNguaBoard).</summary>
    [StructLayout(LayoutKind.Sequential)]
    public struct DgCaNguaBoard
    {
        public uint TrackLen;
        public Int4 Owner;
        public Int4x4 Progress;
        public int ColourToMove;
        public int ToMove;
        public UInt2 Dice;
        public uint TriesLeft;
        public UInt4x4 Kicks;
    }

    /// <summary>Owns one DgGame handle; the runtime frees it even if Dispose is forgotten.</summary>
    public sealed class GameHandle : SafeHandle
    {
        public GameHandle() : base(IntPtr.Zero, true) { }

        public override bool IsInvalid { get { return handle == IntPtr.Zero; } }

        protected override bool ReleaseHandle()
        {
            Native.dg_game_free(handle);
            return true;
        }
    }

    /// <summary>The C functions, one to one. Prefer <see cref="Game"/>.</summary>
    public static class Native
    {
#if UNITY_IOS && !UNITY_EDITOR
        // iOS links the static library into the app: its functions are in the process itself.
        public const string Lib = "__Internal";
#else
        // libdangian.so / libdangian.dylib / dangian.dll, found by the platform's loader.
        public const string Lib = "dangian";
#endif
        public const int ToMoveChance = -1;
        public const int ToMoveOver = -2;
        public const int AllSeats = -1;
        public const int MaxActions = 64;
        public const uint AbiVersion = 2;

        [DllImport(Lib, CallingConvention = CallingConvention.Cdecl)]
        public static extern uint dg_abi_version();
        [DllImport(Lib, CallingConvention = CallingConvention.Cdecl)]
        public static extern DgStatus dg_version([Out] byte[] buf, UIntPtr cap, out UIntPtr len);
        [DllImport(Lib, CallingConvention = CallingConvention.Cdecl)]
        public static extern DgStatus dg_last_error([Out] byte[] buf, UIntPtr cap, out UIntPtr len);
        [DllImport(Lib, CallingConvention = CallingConvention.Cdecl)]
        public static extern DgStatus dg_game_kind_name(uint kind, [Out] byte[] buf, UIntPtr cap, out UIntPtr len);
        [DllImport(Lib, CallingConvention = CallingConvention.Cdecl)]
        public static extern DgStatus dg_game_new(uint kind, byte[] config, UIntPtr configLen, ulong seed, out GameHandle game);
        [DllImport(Lib, CallingConvention = CallingConvention.Cdecl)]
        public static extern void dg_game_free(IntPtr game);
        [DllImport(Lib, CallingConvention = CallingConvention.Cdecl)]
        public static extern DgStatus dg_game_clone(GameHandle game, out GameHandle copy);
        [DllImport(Lib, CallingConvention = CallingConvention.Cdecl)]
        public static extern DgStatus dg_game_kind(GameHandle game, out uint kind);
        [DllImport(Lib, CallingConvention = CallingConvention.Cdecl)]
        public static extern DgStatus dg_game_seats(GameHandle game, out uint seats);
        [DllImport(Lib, CallingConvention = CallingConvention.Cdecl)]
        public static extern DgStatus dg_game_to_move(GameHandle game, out int toMove);
        [DllImport(Lib, CallingConvention = CallingConvention.Cdecl)]
        public static extern DgStatus dg_game_move_number(GameHandle game, out uint move);
        [DllImport(Lib, CallingConvention = CallingConvention.Cdecl)]
        public static extern DgStatus dg_game_state_hash(GameHandle game, out ulong hash);
        [DllImport(Lib, CallingConvention = CallingConvention.Cdecl)]
        public static extern DgStatus dg_game_legal_actions(GameHandle game, [Out] uint[] buf, UIntPtr cap, out UIntPtr len);
        [DllImport(Lib, CallingConvention = CallingConvention.Cdecl)]
        public static extern DgStatus dg_game_chance_outcomes(GameHandle game, [Out] DgChanceOutcome[] buf, UIntPtr cap, out UIntPtr len);
        [DllImport(Lib, CallingConvention = CallingConvention.Cdecl)]
        public static extern DgStatus dg_game_check(GameHandle game, uint action);
        [DllImport(Lib, CallingConvention = CallingConvention.Cdecl)]
        public static extern DgStatus dg_game_apply(GameHandle game, uint action);
        [DllImport(Lib, CallingConvention = CallingConvention.Cdecl)]
        public static extern DgStatus dg_game_apply_at(GameHandle game, uint expectedMove, uint action);
        [DllImport(Lib, CallingConvention = CallingConvention.Cdecl)]
        public static extern DgStatus dg_game_apply_chance(GameHandle game, uint outcome);
        [DllImport(Lib, CallingConvention = CallingConvention.Cdecl)]
        public static extern DgStatus dg_game_play_chance(GameHandle game, out uint outcome);
        [DllImport(Lib, CallingConvention = CallingConvention.Cdecl)]
        public static extern DgStatus dg_game_outcome(GameHandle game, out DgOutcome outcome);
        [DllImport(Lib, CallingConvention = CallingConvention.Cdecl)]
        public static extern DgStatus dg_game_end_reason(GameHandle game, [Out] byte[] buf, UIntPtr cap, out UIntPtr len);
        [DllImport(Lib, CallingConvention = CallingConvention.Cdecl)]
        public static extern DgStatus dg_game_state_json(GameHandle game, [Out] byte[] buf, UIntPtr cap, out UIntPtr len);
        [DllImport(Lib, CallingConvention = CallingConvention.Cdecl)]
        public static extern DgStatus dg_game_config_json(GameHandle game, [Out] byte[] buf, UIntPtr cap, out UIntPtr len);
        [DllImport(Lib, CallingConvention = CallingConvention.Cdecl)]
        public static extern DgStatus dg_game_view_json(GameHandle game, uint seat, [Out] byte[] buf, UIntPtr cap, out UIntPtr len);
        [DllImport(Lib, CallingConvention = CallingConvention.Cdecl)]
        public static extern DgStatus dg_game_events_json(GameHandle game, int seat, [Out] byte[] buf, UIntPtr cap, out UIntPtr len);
        [DllImport(Lib, CallingConvention = CallingConvention.Cdecl)]
        public static extern DgStatus dg_game_action_text(GameHandle game, uint action, [Out] byte[] buf, UIntPtr cap, out UIntPtr len);
        [DllImport(Lib, CallingConvention = CallingConvention.Cdecl)]
        public static extern DgStatus dg_game_action_id(GameHandle game, byte[] text, UIntPtr len, out uint action);
        [DllImport(Lib, CallingConvention = CallingConvention.Cdecl)]
        public static extern DgStatus dg_game_board_text(GameHandle game, [Out] byte[] buf, UIntPtr cap, out UIntPtr len);
        [DllImport(Lib, CallingConvention = CallingConvention.Cdecl)]
        public static extern DgStatus dg_game_save(GameHandle game, [Out] byte[] buf, UIntPtr cap, out UIntPtr len);
        [DllImport(Lib, CallingConvention = CallingConvention.Cdecl)]
        public static extern DgStatus dg_game_load(byte[] json, UIntPtr len, ulong seed, out GameHandle game);
        [DllImport(Lib, CallingConvention = CallingConvention.Cdecl)]
        public static extern DgStatus dg_o_an_quan_board(GameHandle game, out DgOAnQuanBoard board);
        [DllImport(Lib, CallingConvention = CallingConvention.Cdecl)]
        public static extern DgStatus dg_ca_ngua_board(GameHandle game, out DgCaNguaBoard board);
        [DllImport(Lib, CallingConvention = CallingConvention.Cdecl)]
        public static extern DgStatus dg_domino_board(GameHandle game, uint seat, out DgDominoBoard board);
        [DllImport(Lib, CallingConvention = CallingConvention.Cdecl)]
        public static extern DgStatus dg_bot_choose(GameHandle game, uint seat, uint level, ulong seed, out uint action);
        [DllImport(Lib, CallingConvention = CallingConvention.Cdecl)]
        public static extern DgStatus dg_bot_hints(GameHandle game, uint seat, uint level, ulong seed, [Out] DgHint[] buf, UIntPtr cap, out UIntPtr len);
    }

    /// <summary>A failed call: the status and the library's message. The game is unchanged.</summary>
    public class DangianException : Exception
    {
        public DgStatus Status { get; private set; }

        public DangianException(DgStatus status, string message) : base(message)
        {
            Status = status;
        }
    }

    /// <summary>One game of any kind. Dispose it (or let the SafeHandle free it).</summary>
    public sealed class Game : IDisposable
    {
        readonly GameHandle handle;

        delegate DgStatus TextCall([Out] byte[] buf, UIntPtr cap, out UIntPtr len);

        Game(GameHandle handle)
        {
            this.handle = handle;
        }

        /// <summary>A new game under a config JSON (null = the seed rules), with its RNG seeded.</summary>
        public Game(GameKind kind, ulong seed, string configJson = null)
        {
            byte[] config = configJson == null ? null : Encoding.UTF8.GetBytes(configJson);
            GameHandle h;
            Ensure(Native.dg_game_new((uint)kind, config, Len(config), seed, out h));
            handle = h;
        }

        /// <summary>Load a saved game (a record JSON from <see cref="Save"/>), verifying it.</summary>
        public static Game Load(string recordJson)
        {
            byte[] json = Encoding.UTF8.GetBytes(recordJson);
            GameHandle h;
            Ensure(Native.dg_game_load(json, Len(json), 0, out h));
            return new Game(h);
        }

        public void Dispose()
        {
            handle.Dispose();
        }

        /// <summary>An independent copy (RNG, record and last events included).</summary>
        public Game Clone()
        {
            GameHandle h;
            Ensure(Native.dg_game_clone(handle, out h));
            return new Game(h);
        }

        public static string Version
        {
            get { return Text((byte[] b, UIntPtr c, out UIntPtr l) => Native.dg_version(b, c, out l)); }
        }

        public static string KindName(GameKind kind)
        {
            return Text((byte[] b, UIntPtr c, out UIntPtr l) => Native.dg_game_kind_name((uint)kind, b, c, out l));
        }

        public GameKind Kind { get { uint v; Ensure(Native.dg_game_kind(handle, out v)); return (GameKind)v; } }
        public uint Seats { get { uint v; Ensure(Native.dg_game_seats(handle, out v)); return v; } }
        /// <summary>A seat, <see cref="Native.ToMoveChance"/> or <see cref="Native.ToMoveOver"/>.</summary>
        public int ToMove { get { int v; Ensure(Native.dg_game_to_move(handle, out v)); return v; } }
        public bool IsOver { get { return ToMove == Native.ToMoveOver; } }
        public bool IsChanceToMove { get { return ToMove == Native.ToMoveChance; } }
        public uint MoveNumber { get { uint v; Ensure(Native.dg_game_move_number(handle, out v)); return v; } }
        public ulong StateHash { get { ulong v; Ensure(Native.dg_game_state_hash(handle, out v)); return v; } }

        public uint[] LegalActions()
        {
            var ids = new uint[Native.MaxActions];
            UIntPtr n;
            Ensure(Native.dg_game_legal_actions(handle, ids, (UIntPtr)ids.Length, out n));
            Array.Resize(ref ids, (int)n);
            return ids;
        }

        /// <summary>The action a bot of this level plays for the seat to move (the same for the
        /// same position, level and seed). Throws with NoDecision when no player is to move.</summary>
        public uint BotChoose(BotLevel level, ulong seed)
        {
            uint action;
            Ensure(Native.dg_bot_choose(handle, (uint)ToMove, (uint)level, seed, out action));
            return action;
        }

        /// <summary>Every legal action ranked by a bot, best first (for a hint button).</summary>
        public DgHint[] BotHints(BotLevel level, ulong seed)
        {
            var hints = new DgHint[Native.MaxActions];
            UIntPtr n;
            Ensure(Native.dg_bot_hints(handle, (uint)ToMove, (uint)level, seed, hints, (UIntPtr)hints.Length, out n));
            Array.Resize(ref hints, (int)n);
            return hints;
        }

        public DgChanceOutcome[] ChanceOutcomes()
        {
            var list = new DgChanceOutcome[Native.MaxActions];
            UIntPtr n;
            Ensure(Native.dg_game_chance_outcomes(handle, list, (UIntPtr)list.Length, out n));
            Array.Resize(ref list, (int)n);
            return list;
        }

        /// <summary>Throws (IllegalAction with the reason, or UnknownAction) unless legal now.</summary>
        public void Check(uint action) { Ensure(Native.dg_game_check(handle, action)); }
        public void Apply(uint action) { Ensure(Native.dg_game_apply(handle, action)); }
        /// <summary>Apply only if the game is still at move <paramref name="expectedMove"/>.</summary>
        public void ApplyAt(uint expectedMove, uint action) { Ensure(Native.dg_game_apply_at(handle, expectedMove, action)); }
        /// <summary>A chance outcome chosen by the host (physical dice, a server's shuffle).</summary>
        public void ApplyChance(uint outcome) { Ensure(Native.dg_game_apply_chance(handle, outcome)); }

        /// <summary>Sample a chance outcome from the game's own RNG and apply it.</summary>
        public uint PlayChance()
        {
            uint id;
            Ensure(Native.dg_game_play_chance(handle, out id));
            return id;
        }

        public DgOutcome Outcome()
        {
            DgOutcome o;
            Ensure(Native.dg_game_outcome(handle, out o));
            return o;
        }

        public string EndReason() { return Text((byte[] b, UIntPtr c, out UIntPtr l) => Native.dg_game_end_reason(handle, b, c, out l)); }
        public string StateJson() { return Text((byte[] b, UIntPtr c, out UIntPtr l) => Native.dg_game_state_json(handle, b, c, out l)); }
        public string ConfigJson() { return Text((byte[] b, UIntPtr c, out UIntPtr l) => Native.dg_game_config_json(handle, b, c, out l)); }
        public string BoardText() { return Text((byte[] b, UIntPtr c, out UIntPtr l) => Native.dg_game_board_text(handle, b, c, out l)); }
        public string Save() { return Text((byte[] b, UIntPtr c, out UIntPtr l) => Native.dg_game_save(handle, b, c, out l)); }
        public string ViewJson(uint seat) { return Text((byte[] b, UIntPtr c, out UIntPtr l) => Native.dg_game_view_json(handle, seat, b, c, out l)); }
        /// <summary>The events of the last apply, for a seat or <see cref="Native.AllSeats"/>.</summary>
        public string EventsJson(int seat) { return Text((byte[] b, UIntPtr c, out UIntPtr l) => Native.dg_game_events_json(handle, seat, b, c, out l)); }
        public string ActionText(uint action) { return Text((byte[] b, UIntPtr c, out UIntPtr l) => Native.dg_game_action_text(handle, action, b, c, out l)); }

        public uint ActionId(string text)
        {
            byte[] bytes = Encoding.UTF8.GetBytes(text);
            uint id;
            Ensure(Native.dg_game_action_id(handle, bytes, Len(bytes), out id));
            return id;
        }

        public DgOAnQuanBoard OAnQuanBoard()
        {
            DgOAnQuanBoard b;
            Ensure(Native.dg_o_an_quan_board(handle, out b));
            return b;
        }

        public DgCaNguaBoard CaNguaBoard()
        {
            DgCaNguaBoard b;
            Ensure(Native.dg_ca_ngua_board(handle, out b));
            return b;
        }

        /// <summary>What <paramref name="seat"/> sees of a Domino match.</summary>
        public DgDominoBoard DominoBoard(uint seat)
        {
            DgDominoBoard b;
            Ensure(Native.dg_domino_board(handle, seat, out b));
            return b;
        }

        /// <summary>The message of the last failure on this thread.</summary>
        public static string LastError()
        {
            UIntPtr len;
            if (Native.dg_last_error(null, UIntPtr.Zero, out len) == DgStatus.Ok) return "";
            var buf = new byte[(int)len];
            if (Native.dg_last_error(buf, (UIntPtr)buf.Length, out len) != DgStatus.Ok) return "(the message cannot be read)";
            return Encoding.UTF8.GetString(buf, 0, (int)len);
        }

        static void Ensure(DgStatus status)
        {
            if (status != DgStatus.Ok) throw new DangianException(status, LastError());
        }

        static UIntPtr Len(byte[] bytes)
        {
            return (UIntPtr)(bytes == null ? 0 : bytes.Length);
        }

        /// <summary>Ask for the size, then read the text into a buffer of that size.</summary>
        static string Text(TextCall call)
        {
            UIntPtr len;
            DgStatus status = call(null, UIntPtr.Zero, out len);
            if (status == DgStatus.Ok) return "";
            if (status != DgStatus.BufferTooSmall) Ensure(status);
            var buf = new byte[(int)len];
            Ensure(call(buf, (UIntPtr)buf.Length, out len));
            return Encoding.UTF8.GetString(buf, 0, (int)len);
        }
    }
}
