// A sample scene script: attach it to any GameObject. It plays a game of Ô ăn quan between a
// random human stand-in (seat 0) and the hard bot (seat 1), asks the bot off the main thread
// (BotWorker; on the Web platform, which has no threads, in the call), and logs each move with
// the board. Replace the stand-in with your input code.
using System.Threading.Tasks;
using Dangian;
using UnityEngine;

public class PlayAgainstBot : MonoBehaviour
{
    public DgGameKind kind = DgGameKind.OAnQuan;
    public DgLevel botLevel = DgLevel.Hard;
    public ulong seed = 7;

    Game game;
    readonly uint[] legal = new uint[Native.MaxActions];
    bool thinking;

    void Start()
    {
        game = new Game(kind, seed);
        Debug.Log("dangian " + Game.Version + ", " + Game.KindName(kind));
    }

    async void Update()
    {
        if (game == null || thinking || game.IsOver) return;
        if (game.IsChanceToMove)
        {
            game.PlayChance(); // dice, the deal, draws: the game's seeded RNG
            return;
        }
        uint seat = (uint)game.ToMove;
        uint action;
        if (seat == 0)
        {
            int n = game.LegalActions(legal); // no allocation in the game loop
            action = legal[Random.Range(0, n)];
        }
        else
        {
            thinking = true;
            action = await BotWorker.ChooseAsync(game, seat, botLevel, seed); // back on the main thread (already done on the Web)
            thinking = false;
        }
        Debug.Log("seat " + seat + " plays " + game.ActionText(action));
        game.Apply(action);
        if (game.IsOver)
        {
            DgOutcome o = game.Outcome();
            Debug.Log("over: " + game.EndReason() + ", places " + o.Places[0] + " / " + o.Places[1]);
        }
    }

    void OnDestroy()
    {
        if (game != null) game.Dispose();
    }
}
