using System;
using System.Runtime.InteropServices;

namespace Dangian
{
    /// <summary>The native DgBatch handle: freed exactly once, by <c>dg_batch_free</c>, when the
    /// batch is disposed or finalized.</summary>
    public sealed class BatchHandle : SafeHandle
    {
        /// <summary>An empty handle (the marshaller fills it).</summary>
        public BatchHandle() : base(IntPtr.Zero, true)
        {
        }

        /// <summary>Whether the handle holds no batch.</summary>
        public override bool IsInvalid
        {
            get { return handle == IntPtr.Zero; }
        }

        /// <summary>Frees the batch.</summary>
        protected override bool ReleaseHandle()
        {
            Native.dg_batch_free(handle);
            return true;
        }
    }
}
