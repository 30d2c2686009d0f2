//! The messages of the WebSocket protocol and the bodies of the HTTP API, as Rust types.
//!
//! Every message is a JSON object tagged by `type` (`snake_case`); unknown fields are
//! refused, at every depth, as the engine refuses them.

use serde::{Deserialize, Serialize};
use serde_json::Value;

/// The most bytes a client message may have. A longer text message is refused with the
/// error code `too_large` and the table is unchanged; the connection stays open.
pub const MAX_CLIENT_MESSAGE: usize = 4 * 1024;

/// The largest WebSocket message the server reads at all: a longer one ends the connection
/// (the WebSocket layer refuses it before it is buffered).
pub const MAX_WS_MESSAGE: usize = 64 * 1024;

/// The most bytes of a `POST /tables` body.
pub const MAX_CREATE_BODY: usize = 32 * 1024;

/// The `type` of every message a client may send, for telling an unknown type from a
/// malformed message.
pub const CLIENT_TYPES: [&str; 3] = ["act", "seed", "sync"];

/// A message from a client (a seat or a watcher) to the server.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(tag = "type", rename_all = "snake_case", deny_unknown_fields)]
pub enum ClientMessage {
    /// Play an action for this connection's seat.
    ///
    /// `{"type":"act","move_number":12,"action":7}` or `{"type":"act","move_number":12,"action":"a1+"}`.
    Act {
        /// The move number of the position the action was chosen in (the `move_number` of
        /// the last `state` message). Any other number is refused as `stale_move`.
        move_number: u32,
        /// The action: its id, or its text notation.
        action: ActionRef,
    },
    /// This seat's player seed for fair chance (any text of at most 256 bytes), before the
    /// game starts. The game starts once every human seat has given one.
    Seed {
        /// The seed.
        seed: String,
    },
    /// Send again the updates of every action from index `from_event` on (the `index` of an
    /// `update` message), then the state now: what a client that missed messages asks for.
    Sync {
        /// The first action index wanted.
        from_event: u32,
    },
}

/// An action as a client names it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(untagged)]
pub enum ActionRef {
    /// The action's id.
    Id(u32),
    /// The action in the game's text notation (`"a1+"`, `"play 3-5 L"`).
    Text(String),
}

/// A message from the server to a client.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(tag = "type", rename_all = "snake_case", deny_unknown_fields)]
pub enum ServerMessage {
    /// The first message of a connection: who it is at which table.
    Welcome {
        /// The table's id.
        table: String,
        /// The game (`o_an_quan`, `ca_ngua`, `domino`).
        game: String,
        /// This connection's seat, or `null` for a watcher.
        seat: Option<u32>,
        /// How many seats play.
        seats: u8,
        /// The fair-chance commitment, `SHA-256(server seed)` in hex.
        commitment: String,
    },
    /// One applied action, as this connection may see it.
    Update {
        /// The action's index in the game (its move number before it was applied).
        index: u32,
        /// The action in text notation, when this connection may see it (always for games
        /// without hidden information; in Domino only the acting seat's own actions).
        action: Option<String>,
        /// The action's events as this connection may see them (a JSON array; `[]` for a
        /// Domino watcher).
        events: Value,
    },
    /// The position now, as this connection may see it.
    State {
        /// Actions applied so far: the number an `act` message must carry.
        move_number: u32,
        /// Who acts next (`{"kind":"seat","seat":1}`, `{"kind":"chance"}`, `{"kind":"over"}`).
        to_move: Value,
        /// Whether every human seat has given its seed and play has begun.
        started: bool,
        /// The human seats whose seed is still awaited.
        seeds_missing: Vec<u32>,
        /// This seat's view (`view_json`); for a watcher the view of seat 0 in games
        /// without hidden information, `null` in Domino.
        view: Value,
        /// The actions this connection may play now (empty unless it is its turn).
        legal: Vec<LegalAction>,
        /// The outcome, once the game is over.
        outcome: Option<Value>,
    },
    /// A message was refused; the table is unchanged.
    Error {
        /// A stable code (`stale_move`, `not_your_turn`, `illegal_action`, …).
        code: String,
        /// What was wrong, in words.
        message: String,
    },
}

/// A legal action, as sent to the seat that may play it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(deny_unknown_fields)]
pub struct LegalAction {
    /// The action's id.
    pub id: u32,
    /// The action in text notation.
    pub text: String,
}

/// A bot seat in a `POST /tables` request.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(deny_unknown_fields)]
pub struct BotSeat {
    /// The seat the bot plays.
    pub seat: u32,
    /// `easy`, `medium` or `hard`.
    pub level: String,
}

/// The body of `POST /tables`.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(deny_unknown_fields)]
pub struct CreateTable {
    /// The game: `o_an_quan`, `ca_ngua` or `domino`.
    pub game: String,
    /// A preset's name (see the engine's presets); the seed rules when neither this nor
    /// `config` is given.
    #[serde(default)]
    pub preset: Option<String>,
    /// A config as a JSON object (instead of a preset).
    #[serde(default)]
    pub config: Option<Value>,
    /// How many seats, for the games that let players choose (Cờ cá ngựa: one colour each,
    /// Domino: `players`). Omitted: as the preset or config says.
    #[serde(default)]
    pub seats: Option<u8>,
    /// The seats played by server-side bots; every other seat is human.
    #[serde(default)]
    pub bots: Vec<BotSeat>,
}

/// One human seat's secret token, in the answer to `POST /tables`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(deny_unknown_fields)]
pub struct SeatToken {
    /// The seat.
    pub seat: u32,
    /// The secret to connect as that seat (`/tables/{id}/ws?token=…`).
    pub token: String,
}

/// The answer to `POST /tables`.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(deny_unknown_fields)]
pub struct Created {
    /// The table's id.
    pub id: String,
    /// The game.
    pub game: String,
    /// How many seats play.
    pub seats: u8,
    /// The config, every option written out.
    pub config: Value,
    /// The fair-chance commitment, `SHA-256(server seed)` in hex, published before the game.
    pub commitment: String,
    /// One secret token per human seat.
    pub tokens: Vec<SeatToken>,
}

/// An error answer of the HTTP API, in the same form as the WebSocket's.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(deny_unknown_fields)]
pub struct HttpError {
    /// Always `error`.
    #[serde(rename = "type")]
    pub kind: String,
    /// A stable code.
    pub code: String,
    /// What was wrong, in words.
    pub message: String,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn client_messages_are_strict() {
        let act: ClientMessage =
            serde_json::from_str(r#"{"type":"act","move_number":3,"action":7}"#).unwrap();
        assert_eq!(
            act,
            ClientMessage::Act {
                move_number: 3,
                action: ActionRef::Id(7)
            }
        );
        let text: ClientMessage =
            serde_json::from_str(r#"{"type":"act","move_number":3,"action":"a1+"}"#).unwrap();
        assert!(matches!(
            text,
            ClientMessage::Act {
                action: ActionRef::Text(_),
                ..
            }
        ));
        assert!(serde_json::from_str::<ClientMessage>(
            r#"{"type":"act","move_number":3,"action":7,"extra":1}"#
        )
        .is_err());
        assert!(serde_json::from_str::<ClientMessage>(r#"{"type":"sync"}"#).is_err());
        assert!(serde_json::from_str::<ClientMessage>(r#"{"type":"nope"}"#).is_err());
    }
}
