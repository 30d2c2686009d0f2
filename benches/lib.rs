//! Shared helpers of the benchmarks (none yet).
