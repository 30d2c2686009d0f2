using System;
using System.Runtime.InteropServices;

namespace Dangian
{
    /// <summary>The native DgGame handle: freed exactly once, by <c>dg_game_free</c>, when the
    /// game is disposed or finalized.</summary>
    public sealed class GameHandle : SafeHandle
    {
        /// <summary>An empty handle (the marshaller fills it).</summary>
        public GameHandle() : base(IntPtr.Zero, true)
        {
        }

        /// <summary>Whether the handle holds no game.</summary>
        public override bool IsInvalid
        {
            get { return handle == IntPtr.Zero; }
        }

        /// <summary>Frees the game.</summary>
        protected override bool ReleaseHandle()
        {
            Native.dg_game_free(handle);
            return true;
        }
    }
}
