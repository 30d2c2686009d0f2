using System;
using System.Threading;
using System.Threading.Tasks;

namespace Dangian
{
    /// <summary>Bot decisions off the main thread. A hard decision takes tens of milliseconds:
    /// run it here and the frame rate does not notice. The worker plays on its own clone of the
    /// game (a handle is never used from two threads at once).
    /// <para>On Unity's Web platform (WebGL player) there are no worker threads
    /// (<c>Task.Run</c> is not supported): there every method here decides synchronously, on
    /// the calling (main) thread, and returns a completed task, so the same code runs on every
    /// platform. The frame that asks pays for the decision (a Hard one takes tens of milliseconds
    /// natively, more in WebAssembly); for a bounded pause use
    /// <see cref="ChooseBudgetAsync"/>, which blocks for at most its budget plus one
    /// playout (keep it within a frame, e.g. 10 ms, on the Web).</para></summary>
    public static class BotWorker
    {
        /// <summary>Whether decisions run on a worker thread (false on Unity's Web platform,
        /// where they run synchronously in the call).</summary>
        public const bool Threaded =
#if UNITY_WEBGL && !UNITY_EDITOR
            false;
#else
            true;
#endif

        static Task<uint> Decide(Game copy, Func<Game, uint> decide)
        {
#if UNITY_WEBGL && !UNITY_EDITOR
            using (copy)
            {
                try
                {
                    return Task.FromResult(decide(copy));
                }
                catch (Exception e)
                {
                    TaskCompletionSource<uint> failed = new TaskCompletionSource<uint>();
                    failed.SetException(e);
                    return failed.Task;
                }
            }
#else
            return Task.Run(() =>
            {
                using (copy)
                {
                    return decide(copy);
                }
            });
#endif
        }

        /// <summary>The bot's action for <paramref name="seat"/>, computed on a worker thread
        /// (synchronously on the Web platform, see <see cref="Threaded"/>). In Unity,
        /// <c>await</c> it from the main thread: the continuation comes back to the main thread
        /// (Unity's synchronization context).</summary>
        public static Task<uint> ChooseAsync(Game game, uint seat, DgLevel level, ulong seed)
        {
            return Decide(game.Clone(), copy => copy.BotChoose(seat, level, seed));
        }

        /// <summary>The expert's action for <paramref name="seat"/> given
        /// <paramref name="milliseconds"/> of search (see <see cref="Game.BotChooseBudget"/>),
        /// computed on a worker thread (synchronously on the Web platform, where the call
        /// blocks the frame for about <paramref name="milliseconds"/>).</summary>
        public static Task<uint> ChooseBudgetAsync(Game game, uint seat, uint milliseconds, ulong seed)
        {
            return Decide(game.Clone(), copy => copy.BotChooseBudget(seat, milliseconds, seed));
        }

        /// <summary>The same for code without <c>async</c>: <paramref name="done"/> is called
        /// with the action, or <paramref name="failed"/> with the error, on the synchronization
        /// context of the caller (the main thread in Unity), or on the worker when there is
        /// none (on the Web platform: before this method returns when there is none).</summary>
        public static void Choose(Game game, uint seat, DgLevel level, ulong seed, Action<uint> done, Action<Exception> failed)
        {
            SynchronizationContext context = SynchronizationContext.Current;
            ChooseAsync(game, seat, level, seed).ContinueWith(task =>
            {
                SendOrPostCallback report = _ =>
                {
                    if (task.IsFaulted)
                    {
                        Exception e = task.Exception.InnerException ?? task.Exception;
                        if (failed != null) failed(e);
                    }
                    else if (done != null)
                    {
                        done(task.Result);
                    }
                };
                if (context != null) context.Post(report, null);
                else report(null);
            }, TaskContinuationOptions.ExecuteSynchronously);
        }
    }
}
