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

        static Task<uint> Canceled()
        {
            TaskCompletionSource<uint> canceled = new TaskCompletionSource<uint>();
            canceled.SetCanceled();
            return canceled.Task;
        }

        // The decision on the copy, which it disposes. Cancelled before it starts, it never
        // starts; cancelled while it runs, the task is cancelled at once and the worker's result,
        // when it comes, is dropped (a native decision cannot be interrupted; it runs on its own
        // copy, so nothing waits for it).
        static Task<uint> Decide(Game copy, Func<Game, uint> decide, CancellationToken cancel)
        {
            if (cancel.IsCancellationRequested)
            {
                copy.Dispose();
                return Canceled();
            }
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
            Task<uint> work = Task.Run(() =>
            {
                using (copy)
                {
                    cancel.ThrowIfCancellationRequested();
                    return decide(copy);
                }
            });
            if (!cancel.CanBeCanceled) return work;
            TaskCompletionSource<uint> result = new TaskCompletionSource<uint>();
            CancellationTokenRegistration registration = cancel.Register(() => result.TrySetCanceled());
            work.ContinueWith(t =>
            {
                registration.Dispose();
                if (t.IsFaulted) result.TrySetException(t.Exception.InnerExceptions);
                else if (t.IsCanceled) result.TrySetCanceled();
                else result.TrySetResult(t.Result);
            }, TaskContinuationOptions.ExecuteSynchronously);
            return result.Task;
#endif
        }

        /// <summary>The bot's action for <paramref name="seat"/>, computed on a worker thread
        /// (synchronously on the Web platform, see <see cref="Threaded"/>). In Unity,
        /// <c>await</c> it from the main thread: the continuation comes back to the main thread
        /// (Unity's synchronization context). When <paramref name="cancel"/> fires (the player
        /// left the table, a new game began) the task is cancelled at once and its action
        /// dropped.</summary>
        public static Task<uint> ChooseAsync(Game game, int seat, DgLevel level, ulong seed, CancellationToken cancel = default(CancellationToken))
        {
            return Decide(game.Clone(), copy => copy.BotChoose(seat, level, seed), cancel);
        }

        /// <summary>The expert's action for <paramref name="seat"/> given
        /// <paramref name="milliseconds"/> of search (see <see cref="Game.BotChooseBudget"/>),
        /// computed on a worker thread (synchronously on the Web platform, where the call
        /// blocks the frame for about <paramref name="milliseconds"/>); cancelled like
        /// <see cref="ChooseAsync"/>.</summary>
        public static Task<uint> ChooseBudgetAsync(Game game, int seat, uint milliseconds, ulong seed, CancellationToken cancel = default(CancellationToken))
        {
            return Decide(game.Clone(), copy => copy.BotChooseBudget(seat, milliseconds, seed), cancel);
        }

        /// <summary>The same for code without <c>async</c>: <paramref name="done"/> is called
        /// with the action, or <paramref name="failed"/> with the error (an
        /// <see cref="OperationCanceledException"/> once <paramref name="cancel"/> fires), on the
        /// synchronization context of the caller (the main thread in Unity), or on the worker
        /// when there is none (on the Web platform: before this method returns when there is
        /// none).</summary>
        public static void Choose(Game game, int seat, DgLevel level, ulong seed, Action<uint> done, Action<Exception> failed, CancellationToken cancel = default(CancellationToken))
        {
            SynchronizationContext context = SynchronizationContext.Current;
            ChooseAsync(game, seat, level, seed, cancel).ContinueWith(task =>
            {
                SendOrPostCallback report = _ =>
                {
                    if (task.IsCanceled)
                    {
                        if (failed != null) failed(new OperationCanceledException(cancel));
                    }
                    else if (task.IsFaulted)
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
