//! `dangian._dangian`: the Python extension module (PyO3). The Python package `dangian`
//! re-exports it with enums, exceptions, typing stubs and the framework adapters.
//!
//! Everything runs in Rust: a `Game` wraps [`AnyGame`] (the engine's run-time game, the same
//! one the C ABI wraps) with its own seeded [`GameRng`]; `VecEnv` steps N typed games in one
//! call and writes observations, masks, rewards and done flags straight into numpy arrays,
//! with chance sampled and finished games reset in Rust, so a step costs one call from Python
//! whatever N is.
#![forbid(unsafe_code)]

use dangian::any::{
    batch_seed, fair_status, AnyBatch, AnyError, AnyGame, GameInfo, Outputs, Status,
};
use dangian::bot::{Level, Proven};
use dangian::describe::Lang;
use dangian::fair::{self, FairError};
use dangian::limits::{MAX_CONFIG_JSON, MAX_RECORD_JSON, MAX_STATE_JSON};
use dangian::{ActionList, ChanceList, GameKind, GameRng, Seat, ToMove, MAX_SEATS};
use numpy::ndarray::{Array1, Array2};
use numpy::{IntoPyArray, PyArray1, PyArray2, PyReadonlyArray1};
use pyo3::exceptions::PyTypeError;
use pyo3::prelude::*;
use pyo3::sync::PyOnceLock;
use pyo3::types::{PyBytes, PyDict, PyFloat, PyInt, PyString, PyTuple};
use std::any::Any;
use std::panic::{catch_unwind, AssertUnwindSafe};
use std::sync::atomic::{AtomicBool, Ordering};
use trail::Trail;

/// `(status, message, reason code)`, turned into the matching exception of
/// `dangian._errors` (by the status's code) when it reaches Python.
struct Failure(Status, String, u32);

impl Failure {
    fn new(status: Status, message: impl Into<String>) -> Failure {
        Failure(status, message.into(), 0)
    }
}

impl From<AnyError> for Failure {
    fn from(e: AnyError) -> Failure {
        Failure(e.status(), e.to_string(), e.reason())
    }
}

static ERRORS: PyOnceLock<Py<PyAny>> = PyOnceLock::new();

impl From<Failure> for PyErr {
    fn from(f: Failure) -> PyErr {
        Python::attach(|py| {
            let make = ERRORS.get_or_try_init(py, || -> PyResult<Py<PyAny>> {
                Ok(py.import("dangian._errors")?.getattr("_make")?.unbind())
            });
            match make.and_then(|m| m.bind(py).call1((f.0.code(), f.1.clone(), f.2))) {
                Ok(exc) => PyErr::from_value(exc),
                Err(e) => e,
            }
        })
    }
}

type Res<T> = Result<T, Failure>;

// ---- the panic boundary ---------------------------------------------------------------------

/// Runs the body of an exported function or method with panics caught at the boundary: a
/// panic (a bug of the engine) raises `PanicError`, an ordinary `Exception`, instead of PyO3's
/// `PanicException`, which `except Exception` does not catch. `guard!(self, { … })` also marks
/// the object poisoned after a panic (its state may be half changed): every later call on it
/// raises `PoisonedError`.
macro_rules! guard {
    ($obj:ident, $body:block) => {{
        $obj.poison.check()?;
        catch_unwind(AssertUnwindSafe(|| -> PyResult<_> {
            fault_point();
            $body
        }))
        .unwrap_or_else(|payload| {
            $obj.poison.set();
            Err(panicked(payload))
        })
    }};
    ($body:block) => {{
        catch_unwind(AssertUnwindSafe(|| -> PyResult<_> {
            fault_point();
            $body
        }))
        .unwrap_or_else(|payload| Err(panicked(payload)))
    }};
}

/// The `PanicError` for a caught panic, with the panic's message.
fn panicked(payload: Box<dyn Any + Send>) -> PyErr {
    let message = payload
        .downcast_ref::<&str>()
        .map(|s| (*s).to_owned())
        .or_else(|| payload.downcast_ref::<String>().cloned())
        .unwrap_or_else(|| "a panic without a message".to_owned());
    Failure::new(
        Status::Panic,
        format!("internal error of the engine: {message}"),
    )
    .into()
}

/// Whether an object's state may be inconsistent after a panic in one of its methods.
#[derive(Default)]
struct Poison(AtomicBool);

impl Poison {
    fn check(&self) -> Res<()> {
        if self.0.load(Ordering::Relaxed) {
            Err(Failure::new(
                Status::Poisoned,
                "a panic in an earlier call may have left this object inconsistent: make a new one",
            ))
        } else {
            Ok(())
        }
    }

    fn set(&self) {
        self.0.store(true, Ordering::Relaxed);
    }
}

impl Clone for Poison {
    fn clone(&self) -> Poison {
        Poison(AtomicBool::new(self.0.load(Ordering::Relaxed)))
    }
}

/// Set by `_arm_fault`: the next guarded call panics (tests prove the boundary with it).
static FAULT: AtomicBool = AtomicBool::new(false);

fn fault_point() {
    if FAULT.swap(false, Ordering::Relaxed) {
        panic!("a fault armed by _arm_fault");
    }
}

/// For tests only: make the next call into the module panic inside its boundary.
#[pyfunction]
fn _arm_fault() {
    FAULT.store(true, Ordering::Relaxed);
}

// ---- integer arguments ----------------------------------------------------------------------

/// An integer argument range-checked against `T`: a Python int outside `T`'s range (a
/// negative seed, a seed above 2**64 − 1) raises `InvalidArgumentError` naming the range; a
/// value that is not an int (a float, a string) raises `TypeError`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Int<T>(T);

impl<'a, 'py, T> FromPyObject<'a, 'py> for Int<T>
where
    T: TryFrom<i128> + Bounded,
{
    type Error = PyErr;

    fn extract(obj: Borrowed<'a, 'py, PyAny>) -> PyResult<Self> {
        let out_of_range = |shown: String| -> PyErr {
            Failure::new(
                Status::InvalidArgument,
                format!(
                    "{shown} is out of range: an integer from {} to {}",
                    T::MIN,
                    T::MAX
                ),
            )
            .into()
        };
        // The common case first, without looking `__index__` up: a plain int within 64 bits.
        let plain = if obj.is_exact_instance_of::<PyInt>() {
            obj.extract::<i64>().ok()
        } else {
            None
        };
        let n = match plain {
            Some(n) => i128::from(n),
            None => {
                if obj.is_instance_of::<PyFloat>() || !obj.hasattr("__index__")? {
                    return Err(PyTypeError::new_err(format!(
                        "an integer is required, not {}",
                        obj.get_type().name()?
                    )));
                }
                // A bool, a numpy integer, an int subclass, any object with `__index__`.
                let value = obj.call_method0("__index__")?;
                if !value.is_instance_of::<PyInt>() {
                    return Err(PyTypeError::new_err(format!(
                        "__index__ returned {}, not an int",
                        value.get_type().name()?
                    )));
                }
                match value.extract::<i128>() {
                    Ok(n) => n,
                    Err(_) => return Err(out_of_range(value.str()?.to_string())),
                }
            }
        };
        T::try_from(n)
            .map(Int)
            .map_err(|_| out_of_range(n.to_string()))
    }
}

/// The range of an integer argument type.
trait Bounded {
    const MIN: i128;
    const MAX: i128;
}

macro_rules! bounded {
    ($($t:ty),*) => {$(
        impl Bounded for $t {
            const MIN: i128 = <$t>::MIN as i128;
            const MAX: i128 = <$t>::MAX as i128;
        }
    )*};
}

bounded!(u32, u64, i64, usize);

// ---- conversions ----------------------------------------------------------------------------

fn kind_of(obj: &Bound<'_, PyAny>) -> PyResult<GameKind> {
    if let Ok(s) = obj.cast::<PyString>() {
        let s = s.to_cow()?;
        return GameInfo::kind_named(&s).ok_or_else(|| {
            Failure::new(
                Status::InvalidArgument,
                format!("no game is called {s:?} (o_an_quan, ca_ngua, domino)"),
            )
            .into()
        });
    }
    let n: i64 = obj
        .extract()
        .map_err(|_| PyTypeError::new_err("a game kind is a Kind, its value or its name"))?;
    u32::try_from(n)
        .ok()
        .and_then(GameKind::from_u32)
        .ok_or_else(|| Failure::new(Status::InvalidArgument, format!("no game kind {n}")).into())
}

fn level_of(obj: &Bound<'_, PyAny>) -> PyResult<Level> {
    if let Ok(s) = obj.cast::<PyString>() {
        let s = s.to_cow()?;
        return Level::ALL
            .into_iter()
            .find(|l| l.name() == s)
            .ok_or_else(|| {
                Failure::new(
                    Status::InvalidArgument,
                    format!("no level {s:?} (easy, medium, hard)"),
                )
                .into()
            });
    }
    let n: i64 = obj
        .extract()
        .map_err(|_| PyTypeError::new_err("a level is a Level, its value or its name"))?;
    u32::try_from(n)
        .ok()
        .and_then(Level::from_u32)
        .ok_or_else(|| Failure::new(Status::InvalidArgument, format!("no level {n}")).into())
}

/// JSON text from a `str`, `bytes` (UTF-8) or any value `json.dumps` accepts (a dict).
fn json_text(py: Python<'_>, obj: &Bound<'_, PyAny>) -> PyResult<String> {
    if let Ok(s) = obj.cast::<PyString>() {
        return Ok(s.to_cow()?.into_owned());
    }
    if let Ok(b) = obj.cast::<PyBytes>() {
        return String::from_utf8(b.as_bytes().to_vec())
            .map_err(|_| Failure::new(Status::InvalidUtf8, "the text is not valid UTF-8").into());
    }
    py.import("json")?
        .getattr("dumps")?
        .call1((obj,))?
        .extract()
}

/// JSON text as [`json_text`] reads it, refused with `status` when it is longer than `max`
/// bytes (the bounds of `dangian::limits`): text and bytes before they are copied or parsed.
fn bounded_json_text(
    py: Python<'_>,
    obj: &Bound<'_, PyAny>,
    max: usize,
    status: Status,
    what: &str,
) -> PyResult<String> {
    let too_long = |len: usize, unit: &str| -> PyErr {
        Failure::new(
            status,
            format!("{what}: {len} {unit}; at most {max} bytes are read"),
        )
        .into()
    };
    // A `str` is measured in characters, which the stable ABI gives without encoding it: its
    // UTF-8 form has at least as many bytes, so a text of more than `max` characters is refused
    // before it is copied; a shorter one is encoded and its bytes checked below.
    if let Ok(s) = obj.cast::<PyString>() {
        let chars = s.len()?;
        if chars > max {
            return Err(too_long(chars, "characters"));
        }
    } else if let Ok(b) = obj.cast::<PyBytes>() {
        let len = b.as_bytes().len();
        if len > max {
            return Err(too_long(len, "bytes"));
        }
    }
    let text = json_text(py, obj)?;
    if text.len() > max {
        return Err(too_long(text.len(), "bytes"));
    }
    Ok(text)
}

fn from_json(py: Python<'_>, text: &str) -> PyResult<Py<PyAny>> {
    Ok(py
        .import("json")?
        .getattr("loads")?
        .call1((text,))?
        .unbind())
}

fn seat_of(game: &AnyGame, seat: i64) -> Res<Seat> {
    if seat >= 0 && seat < i64::from(game.seats()) {
        Ok(Seat(seat as u8))
    } else {
        Err(Failure::new(
            Status::InvalidArgument,
            format!("seat {seat} is not in this game"),
        ))
    }
}

fn id_of(game: &AnyGame, action: &Bound<'_, PyAny>) -> PyResult<u32> {
    if let Ok(s) = action.cast::<PyString>() {
        return Ok(game.action_id(&s.to_cow()?).map_err(Failure::from)?);
    }
    let n: i64 = action
        .extract()
        .map_err(|_| PyTypeError::new_err("an action is an id (int) or its text"))?;
    u32::try_from(n).map_err(|_| {
        Failure::new(
            Status::UnknownAction,
            format!("no action of this game has id {n}"),
        )
        .into()
    })
}

/// The number of distinct actions (`Action::ID_COUNT`) of a game.
fn id_count(kind: GameKind) -> u32 {
    GameInfo::of(kind).action_ids
}

fn observation_len(kind: GameKind) -> usize {
    GameInfo::of(kind).observation_len
}

fn reasons(kind: GameKind) -> &'static [(u32, &'static str)] {
    GameInfo::of(kind).reasons
}

fn kind_enum(py: Python<'_>, kind: GameKind) -> PyResult<Py<PyAny>> {
    static KIND: PyOnceLock<Py<PyAny>> = PyOnceLock::new();
    let cls = KIND.get_or_try_init(py, || -> PyResult<Py<PyAny>> {
        Ok(py.import("dangian._enums")?.getattr("Kind")?.unbind())
    })?;
    Ok(cls.bind(py).call1((kind as u32,))?.unbind())
}

// ---- module functions -----------------------------------------------------------------------

/// The ABI version of the C library this package mirrors (`DANGIAN_ABI_VERSION`).
/// A language: `"vi"`, `"en"` or a `Lang` (0 Vietnamese, 1 English).
fn lang_of(obj: &Bound<'_, PyAny>) -> PyResult<Lang> {
    let lang = if let Ok(code) = obj.extract::<String>() {
        Lang::from_code(&code.to_ascii_lowercase())
    } else {
        obj.extract::<u32>().ok().and_then(Lang::from_u32)
    };
    lang.ok_or_else(|| {
        Failure::new(
            Status::InvalidArgument,
            format!("no language {obj} (\"vi\" or \"en\")"),
        )
        .into()
    })
}

fn fair_failure(e: FairError) -> Failure {
    Failure::new(fair_status(&e), e.to_string())
}

/// The commitment to a server seed given as 64 hex digits: SHA-256 of its 32 bytes, as 64
/// hex digits. A server publishes it before a game with fair chance.
#[pyfunction]
fn fair_commitment(server_seed_hex: &str) -> PyResult<String> {
    guard!({
        let seed = fair::parse_server_seed(server_seed_hex).map_err(fair_failure)?;
        Ok(fair::commitment(&seed))
    })
}

/// Verify a finished game's fair chance from its record (dict or JSON text): the revealed
/// seed matches the commitment and every chance action came from the committed seeds.
/// Returns what was proven: `{"scheme", "game", "commitment", "player_seeds" (how many),
/// "start" ("config": only the config's own start is verified), "start_hash",
/// "chance_outcomes", "chance_indices", "actions", "final_hash", "over"}`; raises
/// `UnfairError` naming the first outcome that did not (or a chosen start), or
/// `InvalidRecordError`.
#[pyfunction]
fn verify_record(py: Python<'_>, record: &Bound<'_, PyAny>) -> PyResult<Py<PyAny>> {
    guard!({
        let text = bounded_json_text(py, record, MAX_RECORD_JSON, Status::InvalidRecord, "record")?;
        let record = dangian::Record::from_json(&text)
            .map_err(|e| Failure::new(Status::InvalidRecord, e.to_string()))?;
        let verified = fair::verify(&record).map_err(fair_failure)?;
        from_json(py, &serde_json::to_string(&verified).unwrap_or_default())
    })
}

#[pyfunction]
fn abi_version() -> PyResult<u32> {
    guard!({ Ok(3) })
}

/// A hint as Python's `Hint` fields: action, visits, score, proven, margin, plies.
type HintTuple = (u32, u32, f64, u32, i32, u32);

/// A hint's proven result (`Hint.proven`, `margin`, `plies`) in words: "thắng chắc, hơn 12
/// điểm" / "wins by force, by 12 points"; "" when it is not proven (`proven` 0).
#[pyfunction]
fn proven_words(proven: u32, margin: i32, plies: u32, lang: &Bound<'_, PyAny>) -> PyResult<String> {
    guard!({
        let lang = lang_of(lang)?;
        let proven = Proven::from_fields(proven, margin, plies)
            .map_err(|e| Failure::new(Status::InvalidArgument, e))?;
        Ok(proven.map(|p| p.words(lang)).unwrap_or_default())
    })
}

/// Installs an Ô ăn quan proof certificate for the process from the (decompressed) bytes of
/// a certificate or strategy file, after checking every record: medium and hard then play
/// its moves wherever it holds. `InvalidCertificateError` when the bytes prove nothing.
#[pyfunction]
fn install_o_an_quan_certificate(py: Python<'_>, data: &[u8]) -> PyResult<()> {
    guard!({
        py.detach(|| dangian::any::install_o_an_quan_certificate(data))
            .map_err(Failure::from)?;
        Ok(())
    })
}

/// Removes every installed Ô ăn quan certificate.
#[pyfunction]
fn uninstall_o_an_quan_certificates() -> PyResult<()> {
    guard!({
        dangian::any::uninstall_o_an_quan_certificates();
        Ok(())
    })
}

/// The engine's version (`DANGIAN_VERSION`).
#[pyfunction]
fn version() -> PyResult<&'static str> {
    guard!({ Ok(env!("CARGO_PKG_VERSION")) })
}

/// The rules version written into records.
#[pyfunction]
fn rules_version() -> PyResult<u32> {
    guard!({ Ok(dangian::RULES_VERSION) })
}

/// The name of a game kind as records write it.
#[pyfunction]
fn kind_name(kind: &Bound<'_, PyAny>) -> PyResult<&'static str> {
    guard!({ Ok(kind_of(kind)?.name()) })
}

/// The preset names of a game, `"seed_rules"` first.
#[pyfunction]
fn presets(kind: &Bound<'_, PyAny>) -> PyResult<Vec<&'static str>> {
    guard!({ Ok(AnyGame::presets(kind_of(kind)?).to_vec()) })
}

/// The presets a table of a game offers (a game page, a sample scene, a server's lobby), its
/// default first: games against the bots end like games under each of them.
#[pyfunction]
fn table_presets(kind: &Bound<'_, PyAny>) -> PyResult<Vec<&'static str>> {
    guard!({ Ok(AnyGame::table_presets(kind_of(kind)?).to_vec()) })
}

/// The name of a preset of a game in `lang` (`"vi"` or `"en"`; Vietnamese by default), for a
/// rules menu: e.g. `"Lặp ba lần"` / `"Threefold repetition"`.
#[pyfunction]
#[pyo3(signature = (kind, name, lang = None))]
fn preset_name(
    kind: &Bound<'_, PyAny>,
    name: &str,
    lang: Option<&Bound<'_, PyAny>>,
) -> PyResult<&'static str> {
    guard!({
        let lang = lang.map(lang_of).transpose()?.unwrap_or(Lang::Vi);
        let words = AnyGame::preset_words(kind_of(kind)?, name).map_err(Failure::from)?;
        Ok(words.name(lang))
    })
}

/// What a preset of a game plays, in one line in `lang` (`"vi"` or `"en"`; Vietnamese by
/// default).
#[pyfunction]
#[pyo3(signature = (kind, name, lang = None))]
fn preset_summary(
    kind: &Bound<'_, PyAny>,
    name: &str,
    lang: Option<&Bound<'_, PyAny>>,
) -> PyResult<&'static str> {
    guard!({
        let lang = lang.map(lang_of).transpose()?.unwrap_or(Lang::Vi);
        let words = AnyGame::preset_words(kind_of(kind)?, name).map_err(Failure::from)?;
        Ok(words.summary(lang))
    })
}

/// The config of a preset (or the seed rules) as a dict, every option written out.
#[pyfunction]
#[pyo3(signature = (kind, name = "seed_rules"))]
fn preset_config(py: Python<'_>, kind: &Bound<'_, PyAny>, name: &str) -> PyResult<Py<PyAny>> {
    guard!({
        let game = AnyGame::with_preset(kind_of(kind)?, name).map_err(Failure::from)?;
        from_json(py, &game.config_json())
    })
}

/// Validate a config (dict or JSON text) and return it with every option written out.
#[pyfunction]
fn validate_config(
    py: Python<'_>,
    kind: &Bound<'_, PyAny>,
    config: &Bound<'_, PyAny>,
) -> PyResult<Py<PyAny>> {
    guard!({
        let text = bounded_json_text(py, config, MAX_CONFIG_JSON, Status::InvalidConfig, "config")?;
        let game = AnyGame::new(kind_of(kind)?, &text).map_err(Failure::from)?;
        from_json(py, &game.config_json())
    })
}

/// Every reason an action of the game may be refused: `(code, name)` in code order.
#[pyfunction]
fn illegal_reasons(kind: &Bound<'_, PyAny>) -> PyResult<Vec<(u32, &'static str)>> {
    guard!({ Ok(reasons(kind_of(kind)?).to_vec()) })
}

/// The number of distinct actions of a game (`Action::ID_COUNT`): ids are `0..num_actions`.
#[pyfunction]
fn num_actions(kind: &Bound<'_, PyAny>) -> PyResult<u32> {
    guard!({ Ok(id_count(kind_of(kind)?)) })
}

/// The length of a game's observation tensor.
#[pyfunction]
fn observation_size(kind: &Bound<'_, PyAny>) -> PyResult<usize> {
    guard!({ Ok(observation_len(kind_of(kind)?)) })
}

// ---- Game -----------------------------------------------------------------------------------

/// One game of any kind with its own seeded RNG for chance.
#[pyclass(module = "dangian._dangian", name = "Game", weakref)]
#[derive(Clone)]
struct PyGame {
    game: AnyGame,
    rng: GameRng,
    poison: Poison,
}

impl PyGame {
    fn wrap(game: AnyGame, seed: u64) -> PyGame {
        PyGame {
            game,
            rng: GameRng::new(seed),
            poison: Poison::default(),
        }
    }

    fn events_value(&self, py: Python<'_>, seat: Option<u32>) -> PyResult<Py<PyAny>> {
        let text = self.game.events_json(seat).map_err(Failure::from)?;
        from_json(py, &text)
    }

    fn seat_arg(&self, seat: Option<i64>) -> Res<Option<u32>> {
        match seat {
            None | Some(-1) => Ok(None),
            Some(s) => seat_of(&self.game, s).map(|s| Some(u32::from(s.0))),
        }
    }

    fn to_move_code(&self) -> i32 {
        to_move_code(self.game.to_move())
    }
}

#[pymethods]
impl PyGame {
    /// A new game of `kind` under `config` (a dict, JSON text, or `None` for the seed rules);
    /// `seed` seeds the game's own RNG for `play_chance`.
    #[new]
    #[pyo3(signature = (kind, config = None, *, seed = Int(0)))]
    fn py_new(
        py: Python<'_>,
        kind: &Bound<'_, PyAny>,
        config: Option<&Bound<'_, PyAny>>,
        seed: Int<u64>,
    ) -> PyResult<Self> {
        guard!({
            let seed = seed.0;
            let kind = kind_of(kind)?;
            let text = match config {
                None => String::new(),
                Some(c) => {
                    bounded_json_text(py, c, MAX_CONFIG_JSON, Status::InvalidConfig, "config")?
                }
            };
            Ok(PyGame::wrap(
                AnyGame::new(kind, &text).map_err(Failure::from)?,
                seed,
            ))
        })
    }

    /// A new game of `kind` under the preset called `name`.
    #[staticmethod]
    #[pyo3(signature = (kind, name, *, seed = Int(0)))]
    fn preset(kind: &Bound<'_, PyAny>, name: &str, seed: Int<u64>) -> PyResult<Self> {
        guard!({
            let seed = seed.0;
            let game = AnyGame::with_preset(kind_of(kind)?, name).map_err(Failure::from)?;
            Ok(PyGame::wrap(game, seed))
        })
    }

    /// A game from a position: a state as `state()` gives it (dict or JSON text), validated.
    #[staticmethod]
    #[pyo3(signature = (kind, state, *, seed = Int(0)))]
    fn from_state(
        py: Python<'_>,
        kind: &Bound<'_, PyAny>,
        state: &Bound<'_, PyAny>,
        seed: Int<u64>,
    ) -> PyResult<Self> {
        guard!({
            let seed = seed.0;
            let kind = kind_of(kind)?;
            let text = bounded_json_text(py, state, MAX_STATE_JSON, Status::InvalidState, "state")?;
            if serde_json::from_str::<serde_json::Value>(&text).is_err() {
                return Err(Failure::new(Status::InvalidJson, "the state is not JSON").into());
            }
            let game = AnyGame::from_setup_json(kind, &text).map_err(Failure::from)?;
            Ok(PyGame::wrap(game, seed))
        })
    }

    /// Load a saved game (a record as `save()` gives it, dict or JSON text), replaying and
    /// verifying it.
    #[staticmethod]
    #[pyo3(signature = (record, *, seed = Int(0)))]
    fn load(py: Python<'_>, record: &Bound<'_, PyAny>, seed: Int<u64>) -> PyResult<Self> {
        guard!({
            let seed = seed.0;
            let text =
                bounded_json_text(py, record, MAX_RECORD_JSON, Status::InvalidRecord, "record")?;
            let game = AnyGame::from_record_json(&text).map_err(Failure::from)?;
            Ok(PyGame::wrap(game, seed))
        })
    }

    /// An independent copy (its RNG included).
    fn copy(&self) -> PyResult<Self> {
        guard!(self, { Ok(self.clone()) })
    }

    fn __copy__(&self) -> PyResult<Self> {
        guard!(self, { Ok(self.clone()) })
    }

    fn __deepcopy__(&self, _memo: &Bound<'_, PyAny>) -> PyResult<Self> {
        guard!(self, { Ok(self.clone()) })
    }

    /// Which game (a `Kind`).
    #[getter]
    fn kind(&self, py: Python<'_>) -> PyResult<Py<PyAny>> {
        guard!(self, { kind_enum(py, self.game.kind()) })
    }

    /// How many seats play.
    #[getter]
    fn seats(&self) -> PyResult<u8> {
        guard!(self, { Ok(self.game.seats()) })
    }

    /// The seat to move, `TO_MOVE_CHANCE` (-1) or `TO_MOVE_OVER` (-2).
    #[getter]
    fn to_move(&self) -> PyResult<i32> {
        guard!(self, { Ok(self.to_move_code()) })
    }

    /// The seat that decides now, or `None` (chance is to move, or the game is over).
    #[getter]
    fn current_seat(&self) -> PyResult<Option<u8>> {
        guard!(self, { Ok(self.game.seat_to_move().map(|s| s.0)) })
    }

    /// Whether chance (a roll, a deal, a draw) is to move.
    #[getter]
    fn is_chance(&self) -> PyResult<bool> {
        guard!(self, { Ok(self.game.to_move() == ToMove::Chance) })
    }

    /// Whether the game is over.
    #[getter]
    fn is_over(&self) -> PyResult<bool> {
        guard!(self, { Ok(self.game.is_over()) })
    }

    /// Actions applied so far (chance outcomes included).
    #[getter]
    fn move_number(&self) -> PyResult<u32> {
        guard!(self, { Ok(self.game.move_number()) })
    }

    /// No game under this config lasts more actions.
    #[getter]
    fn max_moves(&self) -> PyResult<u32> {
        guard!(self, { Ok(self.game.max_moves()) })
    }

    /// The number of distinct actions (`Action::ID_COUNT`).
    #[getter]
    fn num_actions(&self) -> PyResult<u32> {
        guard!(self, { Ok(id_count(self.game.kind())) })
    }

    /// The length of the observation tensor.
    #[getter]
    fn observation_size(&self) -> PyResult<usize> {
        guard!(self, { Ok(observation_len(self.game.kind())) })
    }

    /// The stable 64-bit state hash (for the host: it identifies hidden tiles).
    fn state_hash(&self) -> PyResult<u64> {
        guard!(self, { Ok(self.game.state_hash()) })
    }

    /// A stable hash of what `seat` sees.
    fn view_hash(&self, seat: Int<i64>) -> PyResult<u64> {
        guard!(self, {
            let seat = seat.0;
            let seat = seat_of(&self.game, seat)?;
            Ok(self
                .game
                .view_hash(u32::from(seat.0))
                .map_err(Failure::from)?)
        })
    }

    /// The legal action ids, ascending (decisions, or chance outcomes at a chance point).
    fn legal_actions(&self) -> PyResult<Vec<u32>> {
        guard!(self, {
            let mut out = ActionList::new();
            self.game.legal_actions(&mut out);
            Ok(out.to_vec())
        })
    }

    /// The actions `seat` may take now (empty unless it is that seat's turn).
    fn legal_actions_for(&self, seat: Int<i64>) -> PyResult<Vec<u32>> {
        guard!(self, {
            let seat = seat.0;
            let seat = seat_of(&self.game, seat)?;
            let mut out = ActionList::new();
            self.game
                .legal_actions_for(u32::from(seat.0), &mut out)
                .map_err(Failure::from)?;
            Ok(out.to_vec())
        })
    }

    /// A `num_actions` mask (numpy int8): 1 for each legal action now. With `seat`, only that
    /// seat's actions (all zero unless it is to move).
    #[pyo3(signature = (seat = None))]
    fn legal_mask<'py>(
        &self,
        py: Python<'py>,
        seat: Option<Int<i64>>,
    ) -> PyResult<Bound<'py, PyArray1<i8>>> {
        guard!(self, {
            let seat = seat.map(|v| v.0);
            let mut mask = Array1::<i8>::zeros(id_count(self.game.kind()) as usize);
            let mut out = ActionList::new();
            match seat {
                None => self.game.legal_actions(&mut out),
                Some(s) => {
                    let s = seat_of(&self.game, s)?;
                    self.game
                        .legal_actions_for(u32::from(s.0), &mut out)
                        .map_err(Failure::from)?;
                }
            }
            for &id in &out {
                mask[id as usize] = 1;
            }
            Ok(mask.into_pyarray(py))
        })
    }

    /// The chance outcomes `[(id, weight), …]`; empty unless chance is to move.
    fn chance_outcomes(&self) -> PyResult<Vec<(u32, u32)>> {
        guard!(self, {
            let mut out = ChanceList::new();
            self.game.chance_outcomes(&mut out);
            Ok(out.iter().map(|o| (o.id, o.weight)).collect())
        })
    }

    /// Raise `IllegalActionError` (with its reason code) or `UnknownActionError` unless
    /// `action` (an id or its text) is legal now.
    fn check(&self, action: &Bound<'_, PyAny>) -> PyResult<()> {
        guard!(self, {
            let id = id_of(&self.game, action)?;
            Ok(self.game.check(id).map_err(Failure::from)?)
        })
    }

    /// Whether `action` is legal now.
    fn is_legal(&self, action: &Bound<'_, PyAny>) -> PyResult<bool> {
        guard!(self, {
            Ok(id_of(&self.game, action)
                .ok()
                .is_some_and(|id| self.game.check(id).is_ok()))
        })
    }

    /// Apply `action` (an id or its text); returns the events (dicts) when events are kept,
    /// else `None`. The game is unchanged on error.
    fn apply(&mut self, py: Python<'_>, action: &Bound<'_, PyAny>) -> PyResult<Option<Py<PyAny>>> {
        guard!(self, {
            let id = id_of(&self.game, action)?;
            self.game.apply(id).map_err(Failure::from)?;
            if self.game.keeps_events() {
                Ok(Some(self.events_value(py, None)?))
            } else {
                Ok(None)
            }
        })
    }

    /// Apply `action` only if the game is still at move `expected_move` (else
    /// `StaleActionError`).
    fn apply_at(
        &mut self,
        py: Python<'_>,
        expected_move: Int<u32>,
        action: &Bound<'_, PyAny>,
    ) -> PyResult<Option<Py<PyAny>>> {
        guard!(self, {
            let expected_move = expected_move.0;
            let id = id_of(&self.game, action)?;
            self.game
                .apply_at(expected_move, id)
                .map_err(Failure::from)?;
            if self.game.keeps_events() {
                Ok(Some(self.events_value(py, None)?))
            } else {
                Ok(None)
            }
        })
    }

    /// Apply a chance outcome the host chose (dice, a shuffle); `NotChanceError` when a seat
    /// is to move.
    fn apply_chance(
        &mut self,
        py: Python<'_>,
        action: &Bound<'_, PyAny>,
    ) -> PyResult<Option<Py<PyAny>>> {
        guard!(self, {
            if self.game.to_move() != ToMove::Chance {
                return Err(Failure::from(AnyError::NotChance).into());
            }
            self.apply(py, action)
        })
    }

    /// Sample a chance outcome from the game's seeded RNG with its exact probability (or,
    /// after `set_fair_chance`, derive it from the committed seeds) and apply it; returns its
    /// id. On a game loaded from a fair record, `UnfairError` until its server seed is set
    /// again.
    fn play_chance(&mut self) -> PyResult<u32> {
        guard!(self, {
            // On a copy of the RNG, so that a refusal leaves it as it was.
            let mut rng = self.rng.clone();
            let id = self.game.play_chance(&mut rng).map_err(Failure::from)?;
            self.rng = rng;
            Ok(id)
        })
    }

    /// Sample chance outcomes until a seat is to move or the game is over; returns their ids.
    fn play_chance_until_decision(&mut self) -> PyResult<Vec<u32>> {
        guard!(self, {
            let mut ids = Vec::new();
            while self.game.to_move() == ToMove::Chance {
                ids.push(self.play_chance()?);
            }
            Ok(ids)
        })
    }

    /// Sample a chance outcome with an RNG seeded by `seed` (without applying it).
    fn sample_chance(&self, seed: Int<u64>) -> PyResult<u32> {
        guard!(self, {
            let seed = seed.0;
            let mut rng = GameRng::new(seed);
            Ok(self.game.sample_chance(&mut rng).map_err(Failure::from)?)
        })
    }

    /// Re-seed the game's RNG.
    fn reseed(&mut self, seed: Int<u64>) -> PyResult<()> {
        guard!(self, {
            let seed = seed.0;
            self.rng = GameRng::new(seed);
            Ok(())
        })
    }

    /// Keep the events of each action (on by default); off, `apply` returns `None`.
    fn set_events(&mut self, keep: bool) -> PyResult<()> {
        guard!(self, {
            self.game.keep_events(keep);
            Ok(())
        })
    }

    /// Whether events are kept.
    #[getter]
    fn keeps_events(&self) -> PyResult<bool> {
        guard!(self, { Ok(self.game.keeps_events()) })
    }

    /// The events of the last action: all of them (`seat=None` or `ALL_SEATS`, for the host)
    /// or the form `seat` may see.
    #[pyo3(signature = (seat = None))]
    fn events(&self, py: Python<'_>, seat: Option<Int<i64>>) -> PyResult<Py<PyAny>> {
        guard!(self, {
            let seat = seat.map(|v| v.0);
            let seat = self.seat_arg(seat)?;
            self.events_value(py, seat)
        })
    }

    /// The events of the last action as JSON text.
    #[pyo3(signature = (seat = None))]
    fn events_json(&self, seat: Option<Int<i64>>) -> PyResult<String> {
        guard!(self, {
            let seat = seat.map(|v| v.0);
            let seat = self.seat_arg(seat)?;
            Ok(self.game.events_json(seat).map_err(Failure::from)?)
        })
    }

    /// The text notation of an action id.
    fn action_text(&self, id: Int<i64>) -> PyResult<String> {
        guard!(self, {
            let id = id.0;
            let id = u32::try_from(id).map_err(|_| {
                Failure::new(
                    Status::UnknownAction,
                    format!("no action of this game has id {id}"),
                )
            })?;
            Ok(self.game.action_text(id).map_err(Failure::from)?)
        })
    }

    /// The id of an action in text notation.
    fn action_id(&self, text: &str) -> PyResult<u32> {
        guard!(self, {
            Ok(self.game.action_id(text).map_err(Failure::from)?)
        })
    }

    /// The outcome `{"reason", "scores", "places"}` once the game is over, else `None`.
    fn outcome(&self, py: Python<'_>) -> PyResult<Option<Py<PyAny>>> {
        guard!(self, {
            let Some(o) = self.game.outcome() else {
                return Ok(None);
            };
            let n = usize::from(o.seats);
            let d = PyDict::new(py);
            d.set_item("reason", o.reason)?;
            d.set_item("scores", o.scores[..n].to_vec())?;
            d.set_item(
                "places",
                o.places[..n]
                    .iter()
                    .map(|&p| u32::from(p))
                    .collect::<Vec<_>>(),
            )?;
            Ok(Some(d.into_any().unbind()))
        })
    }

    /// Why the game ended (its JSON name), or `None` while it goes on.
    fn end_reason(&self) -> PyResult<Option<&'static str>> {
        guard!(self, { Ok(self.game.outcome().map(|o| o.reason)) })
    }

    /// The return of each seat (a float per seat): 0 until the game is over, then
    /// `(seats placed worse − seats placed better) / (seats − 1)`: +1 a win, −1 a loss, 0 a
    /// draw with two seats. They sum to 0.
    fn returns(&self) -> PyResult<Vec<f32>> {
        guard!(self, {
            Ok(self.game.returns()[..usize::from(self.game.seats())].to_vec())
        })
    }

    /// The observation tensor of `seat` (numpy float32, `observation_size` values): only what
    /// that seat may know, seat-relative (layouts in the README).
    fn observation<'py>(
        &self,
        py: Python<'py>,
        seat: Int<i64>,
    ) -> PyResult<Bound<'py, PyArray1<f32>>> {
        guard!(self, {
            let seat = seat.0;
            let seat = seat_of(&self.game, seat)?;
            let mut out = vec![0.0f32; observation_len(self.game.kind())];
            self.game
                .observe(u32::from(seat.0), &mut out)
                .map_err(Failure::from)?;
            Ok(out.into_pyarray(py))
        })
    }

    /// A full position consistent with everything `seat` has seen, the hidden tiles
    /// resampled with an RNG seeded by `seed` (Domino); a copy for the games without hidden
    /// information. Same view for `seat`, hence the same observation.
    #[pyo3(signature = (seat, seed = Int(0)))]
    fn determinize(&self, seat: Int<i64>, seed: Int<u64>) -> PyResult<PyGame> {
        guard!(self, {
            let (seat, seed) = (seat.0, seed.0);
            let seat = seat_of(&self.game, seat)?;
            let mut rng = GameRng::new(seed);
            let game = self
                .game
                .determinize(u32::from(seat.0), &mut rng)
                .map_err(Failure::from)?;
            Ok(PyGame::wrap(game, seed))
        })
    }

    /// Play uniformly random legal actions (chance sampled) from a copy of this game to its
    /// end, all in Rust, with an RNG seeded by `seed`: the returns per seat (a rollout for
    /// tree search).
    fn rollout_returns(&self, seed: Int<u64>) -> PyResult<Vec<f32>> {
        guard!(self, {
            let seed = seed.0;
            let mut game = self.game.clone();
            game.keep_events(false);
            let mut rng = GameRng::new(seed);
            let mut legal = ActionList::new();
            loop {
                let id = match game.to_move() {
                    ToMove::Over => break,
                    ToMove::Chance => match game.sample_chance(&mut rng) {
                        Ok(id) => id,
                        Err(_) => break,
                    },
                    ToMove::Seat(_) => {
                        game.legal_actions(&mut legal);
                        if legal.is_empty() {
                            break;
                        }
                        legal[rng.below(legal.len() as u32) as usize]
                    }
                };
                if game.apply(id).is_err() {
                    break;
                }
            }
            Ok(game.returns()[..usize::from(game.seats())].to_vec())
        })
    }

    /// The whole state as a dict (its setup form; holds every hidden tile: for the host).
    fn state(&self, py: Python<'_>) -> PyResult<Py<PyAny>> {
        guard!(self, { from_json(py, &self.game.state_json()) })
    }

    /// The whole state as JSON text.
    fn state_json(&self) -> PyResult<String> {
        guard!(self, { Ok(self.game.state_json()) })
    }

    /// What `seat` may see, as a dict: safe to send to that seat.
    fn view(&self, py: Python<'_>, seat: Int<i64>) -> PyResult<Py<PyAny>> {
        guard!(self, {
            let seat = seat.0;
            let seat = seat_of(&self.game, seat)?;
            let text = self
                .game
                .view_json(u32::from(seat.0))
                .map_err(Failure::from)?;
            from_json(py, &text)
        })
    }

    /// What `seat` may see, as JSON text.
    fn view_json(&self, seat: Int<i64>) -> PyResult<String> {
        guard!(self, {
            let seat = seat.0;
            let seat = seat_of(&self.game, seat)?;
            Ok(self
                .game
                .view_json(u32::from(seat.0))
                .map_err(Failure::from)?)
        })
    }

    /// The config as a dict, every option written out.
    fn config(&self, py: Python<'_>) -> PyResult<Py<PyAny>> {
        guard!(self, { from_json(py, &self.game.config_json()) })
    }

    /// The config as JSON text.
    fn config_json(&self) -> PyResult<String> {
        guard!(self, { Ok(self.game.config_json()) })
    }

    /// The position drawn as text (shows every hand: for the host).
    fn board_text(&self) -> PyResult<String> {
        guard!(self, { Ok(self.game.board_text()) })
    }

    fn __str__(&self) -> PyResult<String> {
        guard!(self, { Ok(self.game.board_text()) })
    }

    fn __repr__(&self) -> PyResult<String> {
        guard!(self, {
            Ok(format!(
                "Game({:?}, seats={}, move_number={}, to_move={})",
                self.game.kind().name(),
                self.game.seats(),
                self.game.move_number(),
                self.to_move_code()
            ))
        })
    }

    /// Play chance from the committed seeds from now on: `server_seed_hex` is the server's
    /// secret seed as 64 hex digits, `player_seeds` the players' own seeds (at most
    /// `MAX_PLAYER_SEEDS` of at most `MAX_PLAYER_SEED_BYTES` bytes, else `InvalidArgumentError`).
    /// `play_chance` then derives every die, deal and draw from them, and the record carries
    /// the commitment, the player seeds and, once over, the seed.
    ///
    /// Call it before the first action: `UnfairError` once an action was applied, on a game
    /// from a chosen position, or with other seeds than those set. A game loaded from a fair
    /// record keeps its commitment: call it again with the same seeds to go on.
    #[pyo3(signature = (server_seed_hex, player_seeds = Vec::new()))]
    fn set_fair_chance(
        &mut self,
        server_seed_hex: &str,
        player_seeds: Vec<String>,
    ) -> PyResult<()> {
        guard!(self, {
            let seed = fair::parse_server_seed(server_seed_hex).map_err(fair_failure)?;
            self.game
                .set_fair_chance(seed, player_seeds)
                .map_err(Failure::from)?;
            Ok(())
        })
    }

    /// What the players may check now: `{"scheme", "commitment", "player_seeds"}` and, once
    /// the game is over, `"server_seed"`; `None` without fair chance. Safe to show every seat.
    fn fairness(&self, py: Python<'_>) -> PyResult<Py<PyAny>> {
        guard!(self, {
            from_json(
                py,
                &serde_json::to_string(&self.game.fairness()).unwrap_or_default(),
            )
        })
    }

    /// The action (an id or its text), about to be played now, in words: `lang` is `"vi"` or
    /// `"en"`; for `seat` (never a tile hidden from it) or `None` (the host).
    #[pyo3(signature = (action, lang = None, seat = None))]
    fn describe_action(
        &self,
        action: &Bound<'_, PyAny>,
        lang: Option<&Bound<'_, PyAny>>,
        seat: Option<Int<i64>>,
    ) -> PyResult<String> {
        guard!(self, {
            let seat = seat.map(|v| v.0);
            let id = id_of(&self.game, action)?;
            let lang = lang.map(lang_of).transpose()?.unwrap_or(Lang::Vi);
            let seat = self.seat_arg(seat)?;
            Ok(self
                .game
                .describe_action(id, lang, seat)
                .map_err(Failure::from)?)
        })
    }

    /// The events of the last action in words (a list of lines), for `seat` or the host.
    #[pyo3(signature = (lang = None, seat = None))]
    fn describe_events(
        &self,
        lang: Option<&Bound<'_, PyAny>>,
        seat: Option<Int<i64>>,
    ) -> PyResult<Vec<String>> {
        guard!(self, {
            let seat = seat.map(|v| v.0);
            let lang = lang.map(lang_of).transpose()?.unwrap_or(Lang::Vi);
            let seat = self.seat_arg(seat)?;
            Ok(self
                .game
                .describe_events(lang, seat)
                .map_err(Failure::from)?)
        })
    }

    /// `seat` as the players name it, numbered from 1: `"Người 1"` / `"Player 1"` (in Cờ cá
    /// ngựa with its colours, `"Người 1 (đỏ)"`); `lang` is `"vi"` (the default) or `"en"`.
    #[pyo3(signature = (seat, lang = None))]
    fn seat_name(&self, seat: Int<i64>, lang: Option<&Bound<'_, PyAny>>) -> PyResult<String> {
        guard!(self, {
            let lang = lang.map(lang_of).transpose()?.unwrap_or(Lang::Vi);
            let seat = seat_of(&self.game, seat.0)?;
            Ok(self
                .game
                .seat_name(u32::from(seat.0), lang)
                .map_err(Failure::from)?)
        })
    }

    /// The end of the game in words (a list of lines): who won, the places and scores in the
    /// game's own terms, why it ended; empty while the game is not over.
    #[pyo3(signature = (lang = None))]
    fn outcome_lines(&self, lang: Option<&Bound<'_, PyAny>>) -> PyResult<Vec<String>> {
        guard!(self, {
            let lang = lang.map(lang_of).transpose()?.unwrap_or(Lang::Vi);
            Ok(self.game.outcome_lines(lang))
        })
    }

    /// The record of the game so far as a dict (`dangian-record/2`).
    fn save(&self, py: Python<'_>) -> PyResult<Py<PyAny>> {
        guard!(self, { from_json(py, &self.game.record().to_json()) })
    }

    /// The record as JSON text.
    fn save_json(&self) -> PyResult<String> {
        guard!(self, { Ok(self.game.record().to_json()) })
    }

    /// The action a bot of `level` ("easy", "medium", "hard" or a `Level`) seeded with `seed`
    /// plays for `seat`, which must be the seat to move (`NoDecisionError` otherwise).
    #[pyo3(signature = (seat, level, seed = Int(0)))]
    fn bot_choose(
        &self,
        py: Python<'_>,
        seat: Int<i64>,
        level: &Bound<'_, PyAny>,
        seed: Int<u64>,
    ) -> PyResult<u32> {
        guard!(self, {
            let (seat, seed) = (seat.0, seed.0);
            let seat = seat_of(&self.game, seat)?;
            let level = level_of(level)?;
            let game = &self.game;
            py.detach(|| game.bot_choose(u32::from(seat.0), level, seed))
                .map_err(|e| Failure::from(e).into())
        })
    }

    /// The expert's action for `seat` (the seat to move): the strongest search of the game
    /// given `milliseconds` of wall-clock time (at least 1). Stronger than "hard" from about
    /// 100 ms, but not reproducible: the choice depends on the machine's speed and load.
    #[pyo3(signature = (seat, milliseconds, seed = Int(0)))]
    fn bot_choose_budget(
        &self,
        py: Python<'_>,
        seat: Int<i64>,
        milliseconds: Int<u32>,
        seed: Int<u64>,
    ) -> PyResult<u32> {
        guard!(self, {
            let (seat, milliseconds, seed) = (seat.0, milliseconds.0, seed.0);
            let seat = seat_of(&self.game, seat)?;
            if milliseconds == 0 {
                return Err(Failure::new(
                    Status::InvalidArgument,
                    "the expert's budget is at least 1 millisecond",
                )
                .into());
            }
            let budget = std::time::Duration::from_millis(u64::from(milliseconds));
            let game = &self.game;
            py.detach(|| game.bot_choose_within(u32::from(seat.0), budget, seed))
                .map_err(|e| Failure::from(e).into())
        })
    }

    /// Every legal action of `seat` (the seat to move) ranked by a bot, best first:
    /// `[(action, visits, score, proven, margin, plies), …]` (the fields of `Hint`).
    #[pyo3(signature = (seat, level, seed = Int(0)))]
    fn bot_hints(
        &self,
        py: Python<'_>,
        seat: Int<i64>,
        level: &Bound<'_, PyAny>,
        seed: Int<u64>,
    ) -> PyResult<Vec<HintTuple>> {
        guard!(self, {
            let (seat, seed) = (seat.0, seed.0);
            let seat = seat_of(&self.game, seat)?;
            let level = level_of(level)?;
            let game = &self.game;
            let hints = py
                .detach(|| game.bot_hints(u32::from(seat.0), level, seed))
                .map_err(Failure::from)?;
            Ok(hints
                .into_iter()
                .map(|h| {
                    let (proven, margin, plies) = Proven::to_fields(h.proven);
                    (h.action, h.visits, h.score, proven, margin, plies)
                })
                .collect())
        })
    }

    /// The Ô ăn quan board as a dict (the fields of the C ABI's `DgOAnQuanBoard`).
    fn o_an_quan_board(&self, py: Python<'_>) -> PyResult<Py<PyAny>> {
        guard!(self, {
            let b = self.game.o_an_quan_board().map_err(Failure::from)?;
            let d = PyDict::new(py);
            d.set_item("dan", b.dan.to_vec())?;
            d.set_item("big_on_board", b.big_on_board.to_vec())?;
            d.set_item("big_captured_by", b.big_captured_by.to_vec())?;
            d.set_item("captured_dan", b.captured_dan.to_vec())?;
            d.set_item("captured_quan", b.captured_quan.to_vec())?;
            d.set_item("scores", b.scores.to_vec())?;
            d.set_item("to_move", to_move_code(b.to_move))?;
            d.set_item("ply", b.ply)?;
            Ok(d.into_any().unbind())
        })
    }

    /// The Cờ cá ngựa board as a dict (the fields of `DgCaNguaBoard`).
    fn ca_ngua_board(&self, py: Python<'_>) -> PyResult<Py<PyAny>> {
        guard!(self, {
            let b = self.game.ca_ngua_board().map_err(Failure::from)?;
            let d = PyDict::new(py);
            d.set_item("track_len", b.track_len)?;
            d.set_item("owner", b.owner.to_vec())?;
            d.set_item(
                "progress",
                b.progress.iter().map(|r| r.to_vec()).collect::<Vec<_>>(),
            )?;
            d.set_item("colour_to_move", b.colour_to_move)?;
            d.set_item("to_move", to_move_code(b.to_move))?;
            d.set_item("dice", b.dice.to_vec())?;
            d.set_item("tries_left", b.tries_left)?;
            d.set_item(
                "kicks",
                b.kicks.iter().map(|r| r.to_vec()).collect::<Vec<_>>(),
            )?;
            Ok(d.into_any().unbind())
        })
    }

    /// What `seat` sees of a Domino match as a dict (the fields of `DgDominoBoard`; the line
    /// as `[[left, right], …]`). Safe to send to that seat.
    fn domino_board(&self, py: Python<'_>, seat: Int<i64>) -> PyResult<Py<PyAny>> {
        guard!(self, {
            // The game is checked before the seat, as by the C ABI.
            self.game.domino_board(0).map_err(Failure::from)?;
            let me = seat_of(&self.game, seat.0)?;
            let b = self
                .game
                .domino_board(u32::from(me.0))
                .map_err(Failure::from)?;
            let d = PyDict::new(py);
            d.set_item("seat", b.seat)?;
            d.set_item("players", b.players)?;
            d.set_item("round", b.round)?;
            d.set_item("phase", b.phase)?;
            d.set_item("to_move", to_move_code(b.to_move))?;
            d.set_item("hand_mask", b.hand_mask)?;
            d.set_item("hand_counts", b.hand_counts[..b.players as usize].to_vec())?;
            d.set_item("boneyard", b.boneyard)?;
            d.set_item("drawable", b.drawable)?;
            d.set_item("ends", b.ends.to_vec())?;
            d.set_item("line_len", b.line_len)?;
            d.set_item("line", b.line[..b.line_len as usize].to_vec())?;
            d.set_item("scores", b.scores[..b.players as usize].to_vec())?;
            Ok(d.into_any().unbind())
        })
    }

    fn __getstate__(&self, py: Python<'_>) -> PyResult<Py<PyAny>> {
        guard!(self, {
            // The record (which replays to this game) and the RNG are what make a game.
            let t = PyTuple::new(
                py,
                [
                    self.game.record().to_json(),
                    serde_json::to_string(&self.rng).unwrap_or_default(),
                ],
            )?;
            Ok(t.into_any().unbind())
        })
    }

    fn __setstate__(&mut self, state: (String, String)) -> PyResult<()> {
        guard!(self, {
            let game = AnyGame::from_record_json(&state.0).map_err(Failure::from)?;
            let rng: GameRng = serde_json::from_str(&state.1)
                .map_err(|e| Failure::new(Status::InvalidState, e.to_string()))?;
            self.game = game;
            self.rng = rng;
            Ok(())
        })
    }

    fn __getnewargs__(&self) -> PyResult<(&'static str,)> {
        guard!(self, { Ok((self.game.kind().name(),)) })
    }
}

/// Who is to move as a number: the seat, -1 for chance, -2 when the game is over.
fn to_move_code(to_move: ToMove) -> i32 {
    match to_move {
        ToMove::Seat(s) => i32::from(s.0),
        ToMove::Chance => -1,
        ToMove::Over => -2,
    }
}

// ---- VecEnv ---------------------------------------------------------------------------------

/// The most games a `VecEnv` (or `rust_random_play`) steps together: 65 536 games of the
/// widest observation (307 floats) take 80 MB per observation array.
const MAX_ENVS: usize = 1 << 16;

/// The most decisions `rust_random_play` times.
const MAX_STEPS: usize = 1 << 32;

fn envs_in_range(num_envs: usize) -> Res<()> {
    if (1..=MAX_ENVS).contains(&num_envs) {
        Ok(())
    } else {
        Err(Failure::new(
            Status::InvalidArgument,
            format!("num_envs {num_envs} is out of range: from 1 to {MAX_ENVS}"),
        ))
    }
}

/// `num_envs` games of one kind stepped together in Rust. Each step takes one action per
/// game (for its seat to move) and returns numpy arrays: observations of the next seat to
/// move, legal-action masks, rewards per seat (the returns on the step a game ends, else 0),
/// done flags and the seat to move. Chance is sampled in Rust from each game's `GameRng`
/// (seeded from `seed` and the game's index); a finished game restarts at once (its
/// observation is then the new game's).
#[pyclass(module = "dangian._dangian", name = "VecEnv")]
struct VecEnv {
    kind: GameKind,
    seed: u64,
    batch: AnyBatch,
    /// The actions of a step as ids, kept between steps.
    ids: Vec<u32>,
    n: usize,
    seats: usize,
    obs_len: usize,
    actions: usize,
    poison: Poison,
}

/// `(observations, masks, to_play)`.
type ObsOut<'py> = (
    Bound<'py, PyArray2<f32>>,
    Bound<'py, PyArray2<i8>>,
    Bound<'py, PyArray1<i32>>,
);

/// `(observations, masks, rewards, dones, to_play)`.
type StepOut<'py> = (
    Bound<'py, PyArray2<f32>>,
    Bound<'py, PyArray2<i8>>,
    Bound<'py, PyArray2<f32>>,
    Bound<'py, PyArray1<bool>>,
    Bound<'py, PyArray1<i32>>,
);

fn i8_of(a: Array2<u8>) -> Array2<i8> {
    a.mapv(|v| v as i8)
}

#[pymethods]
impl VecEnv {
    #[new]
    #[pyo3(signature = (kind, num_envs, config = None, *, seed = Int(0)))]
    fn py_new(
        py: Python<'_>,
        kind: &Bound<'_, PyAny>,
        num_envs: Int<usize>,
        config: Option<&Bound<'_, PyAny>>,
        seed: Int<u64>,
    ) -> PyResult<Self> {
        guard!({
            let (num_envs, seed) = (num_envs.0, seed.0);
            let kind = kind_of(kind)?;
            envs_in_range(num_envs)?;
            let text = match config {
                None => String::new(),
                Some(c) => {
                    bounded_json_text(py, c, MAX_CONFIG_JSON, Status::InvalidConfig, "config")?
                }
            };
            let batch = AnyBatch::new(kind, &text, num_envs, seed).map_err(Failure::from)?;
            Ok(VecEnv {
                kind,
                seed,
                ids: Vec::with_capacity(num_envs),
                n: num_envs,
                seats: batch.seats(),
                obs_len: batch.observation_len(),
                actions: batch.action_ids(),
                batch,
                poison: Poison::default(),
            })
        })
    }

    /// Which game (a `Kind`).
    #[getter]
    fn kind(&self, py: Python<'_>) -> PyResult<Py<PyAny>> {
        guard!(self, { kind_enum(py, self.kind) })
    }
    /// How many games.
    #[getter]
    fn num_envs(&self) -> PyResult<usize> {
        guard!(self, { Ok(self.n) })
    }
    /// Seats per game.
    #[getter]
    fn num_seats(&self) -> PyResult<usize> {
        guard!(self, { Ok(self.seats) })
    }
    /// Distinct actions (the mask's width).
    #[getter]
    fn num_actions(&self) -> PyResult<usize> {
        guard!(self, { Ok(self.actions) })
    }
    /// The observation's width.
    #[getter]
    fn observation_size(&self) -> PyResult<usize> {
        guard!(self, { Ok(self.obs_len) })
    }
    /// Games finished since the last reset.
    #[getter]
    fn episodes(&self) -> PyResult<u64> {
        guard!(self, { Ok(self.batch.episodes()) })
    }

    /// Start every game anew (chance sampled up to the first decision): returns
    /// `(observations, masks, to_play)`. With a seed, game `i` is seeded from it and `i`
    /// exactly as by the constructor; without, from a seed derived from the previous one (so
    /// repeated resets give new games, reproducibly).
    #[pyo3(signature = (seed = None))]
    fn reset<'py>(&mut self, py: Python<'py>, seed: Option<Int<u64>>) -> PyResult<ObsOut<'py>> {
        guard!(self, {
            let seed = seed.map(|v| v.0);
            self.seed = seed.unwrap_or_else(|| batch_seed(self.seed, u64::MAX));
            self.batch.reset(self.seed);
            self.observe(py)
        })
    }

    /// The current `(observations, masks, to_play)` without stepping.
    fn observe<'py>(&self, py: Python<'py>) -> PyResult<ObsOut<'py>> {
        guard!(self, {
            let mut obs = Array2::<f32>::zeros((self.n, self.obs_len));
            let mut mask = Array2::<u8>::zeros((self.n, self.actions));
            let mut to_play = Array1::<i32>::zeros(self.n);
            self.batch
                .observe(
                    obs.as_slice_mut().expect("contiguous"),
                    mask.as_slice_mut().expect("contiguous"),
                    to_play.as_slice_mut().expect("contiguous"),
                )
                .map_err(Failure::from)?;
            Ok((
                obs.into_pyarray(py),
                i8_of(mask).into_pyarray(py),
                to_play.into_pyarray(py),
            ))
        })
    }

    /// Every game's observation from `seat`'s point of view (`num_envs × observation_size`).
    fn observe_seat<'py>(
        &self,
        py: Python<'py>,
        seat: Int<usize>,
    ) -> PyResult<Bound<'py, PyArray2<f32>>> {
        guard!(self, {
            let seat = u32::try_from(seat.0).unwrap_or(u32::MAX);
            let mut obs = Array2::<f32>::zeros((self.n, self.obs_len));
            self.batch
                .observe_seat(seat, obs.as_slice_mut().expect("contiguous"))
                .map_err(Failure::from)?;
            Ok(obs.into_pyarray(py))
        })
    }

    /// Play one action per game (an int array of `num_envs` ids, each legal for its game's
    /// seat to move): returns `(observations, masks, rewards, dones, to_play)`. An illegal or
    /// unknown action raises before any game changes.
    fn step<'py>(
        &mut self,
        py: Python<'py>,
        actions: &Bound<'py, PyAny>,
    ) -> PyResult<StepOut<'py>> {
        guard!(self, {
            // Any sequence of integers: an int64 array as it is, anything else through
            // `numpy.asarray`, refused unless its dtype is an integer one (a float array would be
            // truncated to ids), then `ascontiguousarray(…, dtype=int64)`.
            let array: PyReadonlyArray1<'py, i64> = match actions.extract() {
                Ok(a) => a,
                Err(_) => {
                    let numpy = py.import("numpy")?;
                    let ints = |_| PyTypeError::new_err("actions must be a 1-d sequence of ints");
                    let given = numpy.getattr("asarray")?.call1((actions,)).map_err(ints)?;
                    let dtype_kind: String = given.getattr("dtype")?.getattr("kind")?.extract()?;
                    if dtype_kind != "i" && dtype_kind != "u" {
                        return Err(PyTypeError::new_err(format!(
                            "actions must be integers (action ids), not an array of dtype {}",
                            given.getattr("dtype")?.str()?
                        )));
                    }
                    numpy
                        .getattr("ascontiguousarray")?
                        .call1((given, "int64"))
                        .map_err(ints)?
                        .extract()
                        .map_err(ints)?
                }
            };
            let actions = array
                .as_slice()
                .map_err(|_| PyTypeError::new_err("actions must be a contiguous int64 array"))?;
            if actions.len() != self.n {
                return Err(Failure::new(
                    Status::InvalidArgument,
                    format!("{} actions for {} games", actions.len(), self.n),
                )
                .into());
            }
            // Ids as the engine takes them; a number that is no id (negative, too large)
            // is refused here, as an id no action has is refused by the batch.
            self.ids.clear();
            for (i, &a) in actions.iter().enumerate() {
                let id = u32::try_from(a).map_err(|_| {
                    Failure::new(
                        Status::UnknownAction,
                        format!("game {i}: no action of this game has id {a}"),
                    )
                })?;
                self.ids.push(id);
            }
            let mut obs = Array2::<f32>::zeros((self.n, self.obs_len));
            let mut mask = Array2::<u8>::zeros((self.n, self.actions));
            let mut rewards = Array2::<f32>::zeros((self.n, self.seats));
            let mut dones = Array1::<bool>::from_elem(self.n, false);
            let mut to_play = Array1::<i32>::zeros(self.n);
            {
                let out = Outputs {
                    observations: obs.as_slice_mut().expect("contiguous"),
                    masks: mask.as_slice_mut().expect("contiguous"),
                    rewards: rewards.as_slice_mut().expect("contiguous"),
                    dones: dones.as_slice_mut().expect("contiguous"),
                    to_play: to_play.as_slice_mut().expect("contiguous"),
                };
                let (batch, ids) = (&mut self.batch, &self.ids);
                py.detach(|| batch.step(ids, out)).map_err(Failure::from)?;
            }
            Ok((
                obs.into_pyarray(py),
                i8_of(mask).into_pyarray(py),
                rewards.into_pyarray(py),
                dones.into_pyarray(py),
                to_play.into_pyarray(py),
            ))
        })
    }

    /// A uniformly random legal action per game, drawn in Rust from an RNG seeded by `seed`.
    fn random_actions<'py>(
        &self,
        py: Python<'py>,
        seed: Int<u64>,
    ) -> PyResult<Bound<'py, PyArray1<i64>>> {
        guard!(self, {
            let seed = seed.0;
            let mut rng = GameRng::new(seed);
            let mut out = Array1::<i64>::zeros(self.n);
            self.batch
                .random_actions(&mut rng, out.as_slice_mut().expect("contiguous"))
                .map_err(Failure::from)?;
            Ok(out.into_pyarray(py))
        })
    }

    /// Game `i` as a `Game` (a copy: for inspection, the record starts at its position).
    fn game(&self, i: Int<usize>) -> PyResult<PyGame> {
        guard!(self, {
            let i = i.0;
            let g = self
                .batch
                .game(i)
                .ok_or_else(|| Failure::new(Status::InvalidArgument, format!("no game {i}")))?;
            Ok(PyGame::wrap(g, 0))
        })
    }
}

/// A Rust-only timing of the same random play the vectorized environment runs (`steps`
/// decisions over `num_envs` games, chance sampled, finished games restarted, observations
/// and masks written): decisions per second, for comparison with the Python benchmark.
#[pyfunction]
#[pyo3(signature = (kind, num_envs, steps, seed = Int(0)))]
fn rust_random_play(
    py: Python<'_>,
    kind: &Bound<'_, PyAny>,
    num_envs: Int<usize>,
    steps: Int<usize>,
    seed: Int<u64>,
) -> PyResult<f64> {
    guard!({
        let (num_envs, steps, seed) = (num_envs.0, steps.0, seed.0);
        let kind = kind_of(kind)?;
        envs_in_range(num_envs)?;
        if steps > MAX_STEPS {
            return Err(Failure::new(
                Status::InvalidArgument,
                format!("steps {steps} is out of range: at most {MAX_STEPS}"),
            )
            .into());
        }
        fn run(batch: &mut AnyBatch, steps: usize, seed: u64) -> f64 {
            let n = batch.len();
            let (ol, al, seats) = (batch.observation_len(), batch.action_ids(), batch.seats());
            let (mut o, mut m, mut r) =
                (vec![0.0; n * ol], vec![0u8; n * al], vec![0.0; n * seats]);
            let (mut d, mut t, mut a) = (vec![false; n], vec![0i32; n], vec![0i64; n]);
            let mut ids = vec![0u32; n];
            let mut rng = GameRng::new(seed ^ 1);
            let rounds = (steps / n).max(1);
            let start = std::time::Instant::now();
            for _ in 0..rounds {
                let _ = batch.random_actions(&mut rng, &mut a);
                for (id, &x) in ids.iter_mut().zip(&a) {
                    *id = u32::try_from(x).unwrap_or(u32::MAX);
                }
                let out = Outputs {
                    observations: &mut o,
                    masks: &mut m,
                    rewards: &mut r,
                    dones: &mut d,
                    to_play: &mut t,
                };
                let _ = batch.step(&ids, out);
            }
            (rounds * n) as f64 / start.elapsed().as_secs_f64()
        }
        let mut batch = AnyBatch::new(kind, "", num_envs, seed).map_err(Failure::from)?;
        Ok(py.detach(|| run(&mut batch, steps, seed)))
    })
}

// ---- OpenSpiel state core -------------------------------------------------------------------

/// The OpenSpiel player id of a finished game (`pyspiel.PlayerId.TERMINAL`).
const SPIEL_TERMINAL: i32 = -4;
/// The OpenSpiel player id of chance (`pyspiel.PlayerId.CHANCE`).
const SPIEL_CHANCE: i32 = -1;
/// In `SpielCore::seen`: an action every seat saw as it is.
const SEEN_BY_ALL: u8 = u8::MAX;
/// How many deals `SpielCore::resample` draws before it gives up on finding one that
/// replays (each is checked by replaying the deal; the first one almost always does).
const RESAMPLE_TRIES: u32 = 64;

/// The OpenSpiel player id of whoever is to move.
fn spiel_player(to_move: ToMove) -> i32 {
    match to_move {
        ToMove::Seat(s) => i32::from(s.0),
        ToMove::Chance => SPIEL_CHANCE,
        ToMove::Over => SPIEL_TERMINAL,
    }
}

/// The state behind `dangian.spiel`'s OpenSpiel states: the game, the ids of every action
/// applied since the start (chance outcomes included) and, per action, which seat alone saw
/// it (a Domino tile dealt or drawn) or that all did (a `Trail`). Copying it copies the
/// game and the trail's tail, and shares the rest (no Python object, no list of the
/// actions): the histories and information-state strings are built from it only when
/// asked. For Domino it also shares (never copies) the game as it was when the current
/// deal began, from which `resample` replays a deal whose hidden tiles were dealt anew.
#[pyclass(module = "dangian._dangian", name = "SpielCore")]
#[derive(Clone)]
struct SpielCore {
    game: AnyGame,
    trail: Trail,
    /// The game before the first action of `trail` (for pickling: it and the ids are the
    /// core).
    origin: std::sync::Arc<AnyGame>,
    /// The game at the start of the current deal (Domino) and the index of its first action.
    deal_start: std::sync::Arc<AnyGame>,
    deal_index: usize,
    poison: Poison,
}

impl SpielCore {
    fn start(game: AnyGame) -> SpielCore {
        let mut game = game;
        game.keep_events(false);
        let origin = std::sync::Arc::new(game.clone());
        SpielCore {
            deal_start: origin.clone(),
            origin,
            game,
            trail: Trail::new(),
            deal_index: 0,
            poison: Poison::default(),
        }
    }

    fn push(&mut self, id: u32) -> Res<()> {
        let before = spiel_domino::deal_of(&self.game);
        let seen = spiel_domino::seen_by(&self.game);
        self.game.apply(id)?;
        self.trail.push(id, seen);
        let after = spiel_domino::deal_of(&self.game);
        if before != after {
            // A new deal (a round, or a redeal) begins with the next action.
            self.deal_start = std::sync::Arc::new(self.game.clone());
            self.deal_index = self.trail.len();
        }
        Ok(())
    }
}

#[pymethods]
impl SpielCore {
    /// A core starting at `game`'s position (a copy; its history starts empty there).
    #[new]
    fn py_new(game: PyRef<'_, PyGame>) -> PyResult<Self> {
        guard!({
            game.poison.check()?;
            Ok(SpielCore::start(game.game.clone()))
        })
    }

    /// An independent copy: the game and the actions (sharing their full chunks).
    fn copy(&self) -> PyResult<Self> {
        guard!(self, { Ok(self.clone()) })
    }

    fn __copy__(&self) -> PyResult<Self> {
        guard!(self, { Ok(self.clone()) })
    }

    fn __deepcopy__(&self, _memo: &Bound<'_, PyAny>) -> PyResult<Self> {
        guard!(self, { Ok(self.clone()) })
    }

    fn __getstate__(&self) -> PyResult<(String, Vec<u32>)> {
        guard!(self, {
            // The starting game's record (which replays to it) and the ids played since.
            Ok((self.origin.record().to_json(), self.trail.ids()))
        })
    }

    fn __setstate__(&mut self, state: (String, Vec<u32>)) -> PyResult<()> {
        guard!(self, {
            let origin = AnyGame::from_record_json(&state.0).map_err(Failure::from)?;
            let mut core = SpielCore::start(origin);
            for id in state.1 {
                core.push(id)?;
            }
            *self = core;
            Ok(())
        })
    }

    fn __getnewargs__(&self) -> PyResult<(PyGame,)> {
        guard!(self, { Ok((PyGame::wrap((*self.origin).clone(), 0),)) })
    }

    /// The OpenSpiel player to move: the seat, -1 chance, -4 over.
    fn current_player(&self) -> PyResult<i32> {
        guard!(self, { Ok(spiel_player(self.game.to_move())) })
    }

    /// Whether the game is over.
    fn is_terminal(&self) -> PyResult<bool> {
        guard!(self, { Ok(self.game.is_over()) })
    }

    /// Whether chance is to move.
    fn is_chance(&self) -> PyResult<bool> {
        guard!(self, { Ok(self.game.to_move() == ToMove::Chance) })
    }

    /// The legal ids for OpenSpiel `player` (by default the player to move): the seat's
    /// decisions when it is to move, the chance outcomes for -1 at a chance node, else none.
    #[pyo3(signature = (player = None))]
    fn legal_actions(&self, player: Option<i64>) -> PyResult<Vec<u32>> {
        guard!(self, {
            let mut out = ActionList::new();
            let mine = match (self.game.to_move(), player) {
                (ToMove::Over, _) => false,
                (_, None) => true,
                (ToMove::Seat(s), Some(p)) => i64::from(s.0) == p,
                (ToMove::Chance, Some(p)) => p == i64::from(SPIEL_CHANCE),
            };
            if mine {
                self.game.legal_actions(&mut out);
            }
            Ok(out.to_vec())
        })
    }

    /// The chance outcomes with their exact probabilities (integer weights over their sum).
    fn chance_outcomes(&self, py: Python<'_>) -> PyResult<Vec<(u32, Py<PyFloat>)>> {
        guard!(self, {
            let mut out = ChanceList::new();
            self.game.chance_outcomes(&mut out);
            let total: f64 = out.iter().map(|o| f64::from(o.weight)).sum();
            // Outcomes of the same weight share one float (a deal's 28 tiles: one, not 28).
            let mut last: Option<(u32, Py<PyFloat>)> = None;
            Ok(out
                .iter()
                .map(|o| {
                    let p = match &last {
                        Some((w, p)) if *w == o.weight => p.clone_ref(py),
                        _ => {
                            let p = PyFloat::new(py, f64::from(o.weight) / total).unbind();
                            last = Some((o.weight, p.clone_ref(py)));
                            p
                        }
                    };
                    (o.id, p)
                })
                .collect())
        })
    }

    /// Apply an action id (a decision or a chance outcome); unchanged on error.
    fn apply(&mut self, id: Int<u32>) -> PyResult<()> {
        guard!(self, { Ok(self.push(id.0)?) })
    }

    /// The returns per seat (0 until the game is over).
    fn returns(&self) -> PyResult<Vec<f64>> {
        guard!(self, {
            Ok(self.game.returns()[..usize::from(self.game.seats())]
                .iter()
                .map(|&r| f64::from(r))
                .collect())
        })
    }

    /// How many actions were applied (the length of `history`).
    fn __len__(&self) -> PyResult<usize> {
        guard!(self, { Ok(self.trail.len()) })
    }

    /// The ids of every action applied, chance outcomes included (a new list).
    fn history(&self) -> PyResult<Vec<u32>> {
        guard!(self, { Ok(self.trail.ids()) })
    }

    /// Every action applied with the OpenSpiel player who took it (-1 for chance), as
    /// `(player, id)` pairs: the history replayed from the start (no player is kept per
    /// action, so playing costs nothing for it).
    fn full_history(&self) -> PyResult<Vec<(i32, u32)>> {
        guard!(self, {
            let mut game = (*self.origin).clone();
            let ids = self.trail.ids();
            let mut out = Vec::with_capacity(ids.len());
            for id in ids {
                out.push((spiel_player(game.to_move()), id));
                game.apply(id).map_err(Failure::from)?;
            }
            Ok(out)
        })
    }

    /// The actions as `seat` saw them, in notation, space-separated: a tile dealt to or
    /// drawn by another seat is `hidden`.
    fn seen_text(&self, seat: Int<i64>) -> PyResult<String> {
        guard!(self, {
            let seat = seat_of(&self.game, seat.0)?.0;
            let mut out = String::new();
            let (ids, seen) = self.trail.since(0);
            for (i, (id, seen)) in ids.into_iter().zip(seen).enumerate() {
                if i > 0 {
                    out.push(' ');
                }
                if seen == SEEN_BY_ALL || seen == seat {
                    out.push_str(&self.game.action_text(id).map_err(Failure::from)?);
                } else {
                    out.push_str("hidden");
                }
            }
            Ok(out)
        })
    }

    /// What `seat` may see now, as JSON text.
    fn view_json(&self, seat: Int<i64>) -> PyResult<String> {
        guard!(self, {
            let seat = seat_of(&self.game, seat.0)?;
            Ok(self
                .game
                .view_json(u32::from(seat.0))
                .map_err(Failure::from)?)
        })
    }

    /// The observation tensor of `seat`, written into `out` (a float32 numpy array of the
    /// observation's length).
    fn observe_into(&self, seat: Int<i64>, out: &Bound<'_, PyArray1<f32>>) -> PyResult<()> {
        guard!(self, {
            let seat = seat_of(&self.game, seat.0)?;
            let mut w = numpy::PyArrayMethods::try_readwrite(out)?;
            let slice = w.as_slice_mut()?;
            if slice.len() != observation_len(self.game.kind()) {
                return Err(Failure::new(
                    Status::InvalidArgument,
                    format!(
                        "the array holds {} floats, the observation {}",
                        slice.len(),
                        observation_len(self.game.kind())
                    ),
                )
                .into());
            }
            Ok(self
                .game
                .observe(u32::from(seat.0), slice)
                .map_err(Failure::from)?)
        })
    }

    /// The text notation of an action id.
    fn action_text(&self, id: Int<u32>) -> PyResult<String> {
        guard!(self, {
            Ok(self.game.action_text(id.0).map_err(Failure::from)?)
        })
    }

    /// The position drawn as text (every hand shown).
    fn board_text(&self) -> PyResult<String> {
        guard!(self, { Ok(self.game.board_text()) })
    }

    /// The game as a `Game` (a copy, with events off).
    fn game(&self) -> PyResult<PyGame> {
        guard!(self, { Ok(PyGame::wrap(self.game.clone(), 0)) })
    }

    /// The index in `history` at which the current deal began (Domino; 0 for the others).
    #[getter]
    fn deal_index(&self) -> PyResult<usize> {
        guard!(self, { Ok(self.deal_index) })
    }

    /// A state `player` cannot tell from this one, with every seat's history consistent
    /// with it: the other hands and the chợ of the current deal dealt anew from `seed`
    /// (`Game.determinize`), each tile another seat received in this deal and still holds
    /// replaced by one of its new tiles (the earliest receipt first, never with a number
    /// the seat was known to lack after it), then the deal replayed from its start. Earlier
    /// deals keep their actions (nothing of them is hidden any more but the order of the
    /// receipts). The games without hidden information give a copy. Returns the ids of the
    /// new deal's actions (from `deal_index`) and the new core.
    fn resample(&self, player: Int<i64>, seed: Int<u64>) -> PyResult<(Vec<u32>, SpielCore)> {
        guard!(self, {
            let player = u32::from(seat_of(&self.game, player.0)?.0);
            let mut rng = GameRng::new(seed.0);
            for _ in 0..RESAMPLE_TRIES {
                if let Some(out) = self.resample_once(player, &mut rng)? {
                    return Ok((out.trail.since(out.deal_index).0, out));
                }
            }
            Err(Failure::new(
                Status::InvalidState,
                format!("no deal consistent with what seat {player} saw in {RESAMPLE_TRIES} tries"),
            )
            .into())
        })
    }

    /// Random play from a copy to the end (chance sampled), in Rust, seeded: the returns.
    fn rollout_returns(&self, seed: Int<u64>) -> PyResult<Vec<f32>> {
        guard!(self, {
            let mut game = self.game.clone();
            let mut rng = GameRng::new(seed.0);
            let mut legal = ActionList::new();
            loop {
                let id = match game.to_move() {
                    ToMove::Over => break,
                    ToMove::Chance => game.sample_chance(&mut rng).map_err(Failure::from)?,
                    ToMove::Seat(_) => {
                        game.legal_actions(&mut legal);
                        if legal.is_empty() {
                            break;
                        }
                        legal[rng.below(legal.len() as u32) as usize]
                    }
                };
                game.apply(id).map_err(Failure::from)?;
            }
            Ok(game.returns()[..usize::from(game.seats())].to_vec())
        })
    }
}

mod spiel_domino;
mod trail;

// ---- BotVecEnv and bot_actions: the bots inside the vectorized environment ------------------

mod vec_bots;

#[pymodule]
fn _dangian(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<PyGame>()?;
    m.add_class::<VecEnv>()?;
    m.add_class::<SpielCore>()?;
    m.add_function(wrap_pyfunction!(abi_version, m)?)?;
    m.add_function(wrap_pyfunction!(fair_commitment, m)?)?;
    m.add_function(wrap_pyfunction!(verify_record, m)?)?;
    m.add_function(wrap_pyfunction!(proven_words, m)?)?;
    m.add_function(wrap_pyfunction!(install_o_an_quan_certificate, m)?)?;
    m.add_function(wrap_pyfunction!(uninstall_o_an_quan_certificates, m)?)?;
    m.add_function(wrap_pyfunction!(version, m)?)?;
    m.add_function(wrap_pyfunction!(rules_version, m)?)?;
    m.add_function(wrap_pyfunction!(kind_name, m)?)?;
    m.add_function(wrap_pyfunction!(presets, m)?)?;
    m.add_function(wrap_pyfunction!(table_presets, m)?)?;
    m.add_function(wrap_pyfunction!(preset_config, m)?)?;
    m.add_function(wrap_pyfunction!(preset_name, m)?)?;
    m.add_function(wrap_pyfunction!(preset_summary, m)?)?;
    m.add_function(wrap_pyfunction!(validate_config, m)?)?;
    m.add_function(wrap_pyfunction!(illegal_reasons, m)?)?;
    m.add_function(wrap_pyfunction!(num_actions, m)?)?;
    m.add_function(wrap_pyfunction!(observation_size, m)?)?;
    m.add_function(wrap_pyfunction!(rust_random_play, m)?)?;
    m.add_function(wrap_pyfunction!(_arm_fault, m)?)?;
    vec_bots::register(m)?;
    m.add("MAX_ENVS", MAX_ENVS)?;
    m.add("MAX_STEPS", MAX_STEPS)?;
    m.add("MAX_SEATS", MAX_SEATS)?;
    m.add("MAX_ACTIONS", dangian::ACTION_LIST_CAPACITY)?;
    m.add("MAX_CONFIG_JSON", MAX_CONFIG_JSON)?;
    m.add("MAX_STATE_JSON", MAX_STATE_JSON)?;
    m.add("MAX_RECORD_JSON", MAX_RECORD_JSON)?;
    m.add("MAX_RECORD_ACTIONS", dangian::limits::MAX_RECORD_ACTIONS)?;
    m.add("MAX_ACTION_TEXT", dangian::limits::MAX_ACTION_TEXT)?;
    m.add(
        "MAX_DESCRIBED_EVENTS",
        dangian::limits::MAX_DESCRIBED_EVENTS,
    )?;
    m.add("MAX_PLAYER_SEEDS", fair::MAX_PLAYER_SEEDS)?;
    m.add("MAX_PLAYER_SEED_BYTES", fair::MAX_PLAYER_SEED_BYTES)?;
    Ok(())
}
