//! The JSON Schemas of every JSON form of `dangian`, generated from the Rust types: for each
//! game its config, state, view, event, outcome and record, in `schema/<game>/*.schema.json`;
//! and the messages of the reference server (`dangian-server`): its WebSocket messages and the
//! bodies of its HTTP API, in `schema/server/*.schema.json`.
//!
//! C#, TypeScript and Python users generate their types from these files. They are committed,
//! and `tests/current.rs` fails when one is stale: after changing a serialized type, rewrite
//! them with `DANGIAN_BLESS=1 cargo test -p dangian-schema`.
#![forbid(unsafe_code)]

use dangian::{ca_ngua, domino, o_an_quan, Game, GameKind, Outcome};
use schemars::{generate::SchemaSettings, JsonSchema, Schema};
use serde_json::Value;

/// The record of a game of `G` as JSON: the shape of [`dangian::Record`] with the game's own
/// config, setup and action notation in place of raw JSON.
#[derive(JsonSchema)]
#[schemars(deny_unknown_fields)]
#[allow(dead_code)] // a shape for the schema only
struct TypedRecord<C, S, A> {
    /// Always `"dangian-record/2"`.
    format: String,
    /// Which game.
    game: GameKind,
    /// The rules version the game was played under.
    rules_version: u32,
    /// The config (missing fields take their defaults).
    config: C,
    /// The position the game started from, when it is not the start of a game under
    /// `config`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    start: Option<S>,
    /// Every action in order, chance outcomes included, in the game's text notation.
    actions: Vec<A>,
    /// The state hash of the final state as 16 hex digits, checked on replay.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    final_hash: Option<String>,
    /// For a game played with provably fair chance: the commitment, the player seeds and,
    /// once the game is over, the revealed server seed.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    fairness: Option<dangian::fair::Fairness>,
}

fn schema_of<T: JsonSchema>() -> Value {
    let generator = SchemaSettings::draft2020_12().into_generator();
    let schema: Schema = generator.into_root_schema_for::<T>();
    schema.to_value()
}

fn forms<G: Game>() -> Vec<(&'static str, Value)>
where
    G::Config: JsonSchema,
    G::Setup: JsonSchema,
    G::View: JsonSchema,
    G::Event: JsonSchema,
    G::EndReason: JsonSchema,
    G::Action: JsonSchema,
{
    vec![
        ("config", schema_of::<G::Config>()),
        ("state", schema_of::<G::Setup>()),
        ("view", schema_of::<G::View>()),
        ("event", schema_of::<G::Event>()),
        ("outcome", schema_of::<Outcome<G::EndReason>>()),
        (
            "record",
            schema_of::<TypedRecord<G::Config, G::Setup, G::Action>>(),
        ),
    ]
}

/// Every schema as `(path under schema/, JSON text)`, in a fixed order.
pub fn schemas() -> Vec<(String, String)> {
    let mut out = Vec::new();
    let games = [
        (GameKind::OAnQuan, forms::<o_an_quan::State>()),
        (GameKind::CaNgua, forms::<ca_ngua::State>()),
        (GameKind::Domino, forms::<domino::State>()),
    ];
    for (kind, forms) in games {
        for (form, schema) in forms {
            let text = serde_json::to_string_pretty(&schema).unwrap_or_default() + "\n";
            out.push((format!("{}/{form}.schema.json", kind.name()), text));
        }
    }
    for (form, schema) in server_forms() {
        let text = serde_json::to_string_pretty(&schema).unwrap_or_default() + "\n";
        out.push((format!("server/{form}.schema.json"), text));
    }
    out
}

/// The reference server's messages: what a client sends over the WebSocket, what the server
/// sends, the body of `POST /tables`, its answer, and an HTTP error.
fn server_forms() -> Vec<(&'static str, Value)> {
    use dangian_server::protocol::{ClientMessage, CreateTable, Created, HttpError, ServerMessage};
    vec![
        ("client_message", schema_of::<ClientMessage>()),
        ("server_message", schema_of::<ServerMessage>()),
        ("create_table", schema_of::<CreateTable>()),
        ("created", schema_of::<Created>()),
        ("http_error", schema_of::<HttpError>()),
    ]
}
