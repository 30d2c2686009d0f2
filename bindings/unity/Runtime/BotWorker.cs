using System;
using System.Threading;
using System.Threading.Tasks;

namespace Dangian
{
    /// <summary>Bot decisions off the main thread. A hard decision takes tens of milliseconds:
    /// run it here and the frame rate does not notice. The worker plays on its own clone of the
    /// game (a handle is never used from two threads at once).</summary>
    public static class BotWorker
    {
        /// <summary>The bot's action for <paramref name="seat"/>, computed on a worker thread.
        /// In Unity, <c>await</c> it from the main thread: the continuation comes back to the
        /// main thread (Unity's synchronization context).</summary>
        public static Task<uint> ChooseAsync(Game game, uint seat, DgLevel level, ulong seed)
        {
            Game copy = game.Clone();
            return Task.Run(() =>
            {
                using (copy)
                {
                    return copy.BotChoose(seat, level, seed);
                }
            });
        }

        /// <summary>The expert's action for <paramref name="seat"/> given
        /// <paramref name="milliseconds"/> of search (see <see cref="Game.BotChooseBudget"/>),
        /// computed on a worker thread.</summary>
        public static Task<uint> ChooseBudgetAsync(Game game, uint seat, uint milliseconds, ulong seed)
        {
            Game copy = game.Clone();
            return Task.Run(() =>
            {
                using (copy)
                {
                    return copy.BotChooseBudget(seat, milliseconds, seed);
                }
            });
        }

        /// <summary>The same for code without <c>async</c>: <paramref name="done"/> is called
        /// with the action, or <paramref name="failed"/> with the error, on the synchronization
        /// context of the caller (the main thread in Unity), or on the worker when there is
        /// none.</summary>
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
            });
        }
    }
}
