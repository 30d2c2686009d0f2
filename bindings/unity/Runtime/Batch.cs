// Many games of one kind stepped together by one native call per step (dg_batch_*), for a
// learner: actions in, observations, legal-action masks, rewards, done flags and seats to move
// out, into arrays the caller keeps. A step allocates nothing, on either side.
using System;

namespace Dangian
{
    /// <summary><see cref="NumGames"/> games of one kind stepped together, each with its own
    /// RNG for chance seeded from the batch's seed and the game's index. Chance is sampled
    /// inside up to the next decision, and a finished game restarts at once, so a seat is
    /// always to move. Dispose it (or let the finalizer of its handle free it).</summary>
    public sealed class Batch : IDisposable
    {
        readonly BatchHandle handle;
        readonly DgBatchShape shape;

        /// <summary><paramref name="numGames"/> new games of <paramref name="kind"/> under the
        /// config JSON (empty: the seed rules), game i seeded from <paramref name="seed"/> and
        /// i; the batch's own RNG, for <see cref="RandomActions"/>, is seeded by
        /// <paramref name="seed"/> too.</summary>
        public Batch(DgGameKind kind, int numGames, ulong seed, string configJson = "")
        {
            byte[] config = Game.Utf8(configJson, "configJson");
            if (numGames <= 0)
                throw new ArgumentOutOfRangeException("numGames", numGames, "a batch has at least one game");
            BatchHandle h;
            Game.Check(Native.dg_batch_new(Game.KindArg(kind), config, Game.Len(config), (UIntPtr)numGames, seed, out h));
            handle = h;
            DgBatchShape s;
            Game.Check(Native.dg_batch_shape(handle, out s));
            shape = s;
        }

        /// <summary>How many games.</summary>
        public int NumGames { get { return (int)shape.NumGames; } }
        /// <summary>Seats per game: the width of a row of rewards.</summary>
        public int Seats { get { return (int)shape.Seats; } }
        /// <summary>The width of a row of observations.</summary>
        public int ObservationLen { get { return (int)shape.ObservationLen; } }
        /// <summary>How many action ids the game has: the width of a row of masks.</summary>
        public int ActionIds { get { return (int)shape.ActionIds; } }

        /// <summary>Games finished (and restarted) since the batch was made or reset.</summary>
        public ulong Episodes { get { ulong v; Game.Check(Native.dg_batch_episodes(handle, out v)); return v; } }

        /// <summary>Starts every game anew, seeded as by the constructor.</summary>
        public void Reset(ulong seed)
        {
            Game.Check(Native.dg_batch_reset(handle, seed));
        }

        /// <summary>Writes every game's observation of its seat to move, its legal-action mask
        /// and that seat into the rows of the arrays (each exactly NumGames rows long).</summary>
        public void Observe(float[] observations, byte[] masks, int[] toPlay)
        {
            Game.BufferArg(observations, "observations");
            Game.BufferArg(masks, "masks");
            Game.BufferArg(toPlay, "toPlay");
            Game.Check(Native.dg_batch_observe(handle, observations, Game.Len(observations), masks, Game.Len(masks), toPlay, Game.Len(toPlay)));
        }

        /// <summary>Plays actions[i] in game i, samples chance up to the next decision,
        /// restarts a finished game, and fills the rows of the arrays (rewards: the returns on
        /// the step a game ended, else 0; dones: 1 when it ended). Every action is checked
        /// first: after a <see cref="DangianException"/> no game has changed.</summary>
        public void Step(uint[] actions, float[] observations, byte[] masks, float[] rewards, byte[] dones, int[] toPlay)
        {
            Game.BufferArg(actions, "actions");
            Game.BufferArg(observations, "observations");
            Game.BufferArg(masks, "masks");
            Game.BufferArg(rewards, "rewards");
            Game.BufferArg(dones, "dones");
            Game.BufferArg(toPlay, "toPlay");
            Game.Check(Native.dg_batch_step(handle, actions, Game.Len(actions), observations, Game.Len(observations),
                masks, Game.Len(masks), rewards, Game.Len(rewards), dones, Game.Len(dones), toPlay, Game.Len(toPlay)));
        }

        /// <summary>A uniformly random legal action id per game, drawn from the batch's own
        /// RNG, into <paramref name="actions"/> (NumGames long).</summary>
        public void RandomActions(uint[] actions)
        {
            Game.BufferArg(actions, "actions");
            Game.Check(Native.dg_batch_random_actions(handle, actions, Game.Len(actions)));
        }

        /// <summary>Frees the native batch.</summary>
        public void Dispose()
        {
            handle.Dispose();
        }
    }
}
