//! A bot that remembers its choices by position.

use super::{Bot, Evaluate, Hint};
use crate::game::{Game, ToMove};

/// How many positions [`RememberingBot::new`] remembers by default: 16,384 (Ô ăn quan's
/// positions are 224 bytes, so about 3.8 MB once full).
pub const REMEMBERED_POSITIONS: usize = 1 << 14;

/// A wrapper that remembers the choices of `bot` by position and answers a position it has
/// seen from memory, with the same action the bot would choose.
///
/// This is exact for the library's bots at a [`Level`](super::Level) or a counted budget:
/// their choice depends only on their seed and the position (the module's docs), so a
/// remembered choice is the one a fresh search would make. It pays where positions come back:
/// a game without chance (Ô ăn quan), whose openings a learner replays thousands of times in
/// training; against Cờ cá ngựa's dice and Domino's shuffle almost no position comes back, and
/// the memory only costs. Do not wrap a bot whose budget is wall-clock time
/// ([`bot_with_budget`](super::bot_with_budget)): its choices are not a function of the
/// position, and memory would make them depend on what it played before. What the levels
/// consult beside the position (Ô ăn quan's installed certificates) is followed: when it
/// changes ([`Evaluate::consulted_version`]), the memory is forgotten.
///
/// Positions are compared whole (`==`), never by hash alone. A position's hash picks a pair
/// of entries: one keeps the earlier position of the two (openings come back most), the
/// other the latest. [`hints`](Bot::hints) is not remembered.
///
/// ```
/// use dangian::bot::{bot_for_level, Bot, Level, RememberingBot};
/// use dangian::o_an_quan::State;
/// use dangian::Game;
///
/// let game = State::new(Default::default()).unwrap();
/// let mut bot = RememberingBot::new(bot_for_level::<State>(Level::Easy, 42));
/// let first = bot.choose(&game);
/// assert_eq!(bot.choose(&game), first); // from memory
/// assert_eq!(bot.remembered(), 1);
/// assert_eq!(first, bot_for_level::<State>(Level::Easy, 42).choose(&game));
/// ```
pub struct RememberingBot<G: Game, B> {
    bot: B,
    /// Two entries per slot: `[2k]` the earlier position, `[2k + 1]` the latest. Empty
    /// until the first choice is stored.
    memory: Vec<Option<(G, G::Action)>>,
    capacity: usize,
    remembered: u64,
    /// [`Evaluate::consulted_version`] when the memory was filled.
    version: u64,
}

impl<G: Evaluate, B: Bot<G>> RememberingBot<G, B> {
    /// `bot` remembering up to [`REMEMBERED_POSITIONS`] positions.
    pub fn new(bot: B) -> Self {
        Self::with_capacity(bot, REMEMBERED_POSITIONS)
    }

    /// `bot` remembering up to `positions` positions (rounded up to a power of two, at least
    /// two). The memory is allocated with the first choice.
    pub fn with_capacity(bot: B, positions: usize) -> Self {
        RememberingBot {
            bot,
            memory: Vec::new(),
            capacity: positions.clamp(2, 1 << 30).next_power_of_two(),
            remembered: 0,
            version: G::consulted_version(),
        }
    }

    /// How many choices were answered from memory.
    pub fn remembered(&self) -> u64 {
        self.remembered
    }

    /// The bot it wraps.
    pub fn bot(&self) -> &B {
        &self.bot
    }

    /// The first of the pair of entries where `game` belongs.
    fn slot(&self, game: &G) -> usize {
        (game.state_hash() as usize) & (self.capacity - 2)
    }
}

impl<G: Evaluate, B: Bot<G>> Bot<G> for RememberingBot<G, B> {
    fn choose(&mut self, game: &G) -> Option<G::Action> {
        let ToMove::Seat(_) = game.to_move() else {
            return None;
        };
        let version = G::consulted_version();
        if version != self.version {
            self.memory.fill(None);
            self.version = version;
        }
        let slot = self.slot(game);
        if let Some(pair) = self.memory.get(slot..slot + 2) {
            for (g, action) in pair.iter().flatten() {
                if g == game {
                    self.remembered += 1;
                    return Some(*action);
                }
            }
        }
        let action = self.bot.choose(game)?;
        if self.memory.is_empty() {
            self.memory.resize_with(self.capacity, || None);
        }
        let entry = Some((game.clone(), action));
        let earlier = match &self.memory[slot] {
            Some((g, _)) => game.move_number() <= g.move_number(),
            None => true,
        };
        if earlier {
            // The earlier position takes the first entry; the one it displaces, the second.
            self.memory[slot + 1] = std::mem::replace(&mut self.memory[slot], entry);
        } else {
            self.memory[slot + 1] = entry;
        }
        Some(action)
    }

    fn hints(&mut self, game: &G) -> Vec<Hint<G::Action>> {
        self.bot.hints(game)
    }
}

impl<G: Game, B: Bot<G> + ?Sized> Bot<G> for Box<B> {
    fn choose(&mut self, game: &G) -> Option<G::Action> {
        (**self).choose(game)
    }

    fn hints(&mut self, game: &G) -> Vec<Hint<G::Action>> {
        (**self).hints(game)
    }
}
