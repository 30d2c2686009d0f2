// A sample scene script: attach it to any GameObject. It plays a game between a random human
// stand-in (seat 0) and the bot (the other seats), asks the bot off the main thread
// (BotWorker; on the Web platform, which has no threads, in the call), and logs each move with
// what happened, read from the typed events. Replace the stand-in with your input code.
using System;
using System.Threading;
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
    // Cancelled when the scene goes away: a bot still thinking is dropped.
    readonly CancellationTokenSource quit = new CancellationTokenSource();

    void Start()
    {
        game = new Game(kind, seed);
        Debug.Log("dangian " + Game.Version + ", " + Game.KindName(kind) + ", " + game.Seats + " seats");
    }

    async void Update()
    {
        if (game == null || thinking || game.IsOver) return;
        ToMove turn = game.ToMove;
        if (turn.IsChance)
        {
            game.PlayChance(); // dice, the deal, draws: the game's seeded RNG
            Log();
            return;
        }
        int seat = turn.Seat;
        uint action;
        if (seat == 0)
        {
            int n = game.LegalActions(legal); // no allocation in the game loop
            action = legal[UnityEngine.Random.Range(0, n)];
        }
        else
        {
            thinking = true;
            try
            {
                // back on the main thread (already done on the Web)
                action = await BotWorker.ChooseAsync(game, seat, botLevel, seed, quit.Token);
            }
            catch (OperationCanceledException)
            {
                return; // the scene is gone
            }
            finally
            {
                thinking = false;
            }
        }
        Debug.Log("seat " + seat + " plays " + game.ActionText(action));
        game.Apply(action);
        Log();
    }

    // What the last action did, from the typed events; the outcome once the game is over.
    void Log()
    {
        switch (kind)
        {
            case DgGameKind.OAnQuan:
                foreach (Dangian.OAnQuan.Event e in game.OAnQuanEvents(Native.AllSeats))
                {
                    var capture = e as Dangian.OAnQuan.Event.Capture;
                    if (capture != null) Debug.Log("  seat " + capture.Seat + " captures square " + capture.Cell + ": " + capture.Dan + " dân, " + capture.Quan + " quan");
                }
                if (game.IsOver)
                {
                    Dangian.OAnQuan.Outcome o = game.OAnQuanView(0).Outcome;
                    Debug.Log("over: " + o.Reason + ", scores " + string.Join(" / ", o.Scores));
                }
                break;
            case DgGameKind.CaNgua:
                foreach (Dangian.CaNgua.Event e in game.CaNguaEvents(Native.AllSeats))
                {
                    var kick = e as Dangian.CaNgua.Event.Kicked;
                    if (kick != null) Debug.Log("  colour " + kick.By + " kicks a piece of colour " + kick.Colour + " home from square " + kick.Square);
                }
                if (game.IsOver)
                {
                    Dangian.CaNgua.Outcome o = game.CaNguaView(0).Outcome;
                    Debug.Log("over: " + o.Reason + ", places " + string.Join(" / ", o.Places));
                }
                break;
            case DgGameKind.Domino:
                foreach (Dangian.Domino.Event e in game.DominoEvents(0))
                {
                    var round = e as Dangian.Domino.Event.RoundScored;
                    if (round != null) Debug.Log("  round scored, totals " + string.Join(" / ", round.Scores));
                }
                if (game.IsOver)
                {
                    Dangian.Domino.Outcome o = game.DominoView(0).Outcome;
                    Debug.Log("over: " + o.Reason + ", scores " + string.Join(" / ", o.Scores));
                }
                break;
        }
    }

    void OnDestroy()
    {
        quit.Cancel();
        if (game != null) game.Dispose();
    }
}
