// Vietnamese and English labels of the demo.
export const LABELS = {
  vi: {
    title: 'Trò chơi dân gian',
    game: 'Trò chơi',
    rules: 'Luật',
    level: 'Máy',
    seed: 'Hạt giống',
    new_game: 'Ván mới',
    o_an_quan: 'Ô ăn quan',
    ca_ngua: 'Cờ cá ngựa',
    domino: 'Domino',
    easy: 'Dễ',
    medium: 'Vừa',
    hard: 'Khó',
    hint: 'Gợi ý',
    autoplay: 'Máy đánh hộ tôi',
    speed: 'Tốc độ',
    slow: 'Chậm',
    normal: 'Vừa',
    fast: 'Nhanh',
    instant: 'Tức thì',
    save: 'Lưu ván',
    load: 'Mở ván',
    moves: 'Các nước đi',
    events: 'Diễn biến',
    footer:
      'Luật chơi và máy: dangian (Rust → WebAssembly). Cơ hội (xúc xắc, chia bài) lấy từ bộ sinh số của máy với hạt giống hiển thị.',
    you: 'Bạn',
    bot: 'Máy',
    chance: 'Cơ hội',
    your_turn: 'Đến lượt bạn',
    bot_thinking: 'Máy đang nghĩ…',
    bot_turn: 'Lượt của máy',
    game_over: 'Hết ván',
    you_win: 'Bạn thắng!',
    you_lose: 'Bạn thua.',
    draw: 'Hòa.',
    place: 'hạng',
    score: 'Điểm',
    roll: 'Gieo xúc xắc',
    choose_square: 'Chọn một ô của bạn, rồi chọn hướng rải.',
    choose_piece: 'Chọn một quân ngựa, rồi chọn nước đi.',
    choose_tile: 'Chọn một quân bài để đánh.',
    draw_tile: 'Bạn không đánh được: bốc một quân ở chợ.',
    market: 'Chợ',
    draw_action: 'Bốc bài',
    deal: 'Chia bài',
    dealt: 'chia {n} quân',
    passed: 'bỏ lượt',
    fish: 'Cá! (tắc đường)',
    went_out: 'hết bài',
    round: 'Ván',
    round_scored: 'Hết ván {r}: {who} {how}',
    hint_is: 'Gợi ý: {text} ({score}%)',
    loaded: 'Đã mở ván đã lưu.',
    saved: 'Đã lưu ván.',
    error: 'Lỗi',
    left: 'Trái',
    right: 'Phải',
    yard: 'Chuồng',
    captured: 'Đã ăn',
    colours: ['Đỏ', 'Vàng', 'Xanh dương', 'Xanh lá'],
    kicked: 'đá {colour}',
    bonus: 'được gieo thêm',
    seat_a: 'A',
    seat_b: 'B',
    bot_time: 'Máy nghĩ {ms} ms',
    square_named: 'Ô {name}, {n} quân',
    board: 'Bàn cờ',
    choices: 'Nước đi',
    horse_named: 'Ngựa {colour} số {n}',
    tile_named: 'Quân {tile}',
    keys: 'Bàn phím: mũi tên hoặc Tab để chọn, Enter hoặc Space để đi, R gieo xúc xắc, D bốc bài, H gợi ý.',
    end_reasons: {
      both_quan_squares_empty: 'hết quan, tàn dân',
      both_big_stones_captured: 'đã ăn hết quan',
      no_refill: 'không đủ dân để rải lại',
      move_cap: 'quá số nước',
      repetition: 'lặp thế cờ',
      all_placed: 'mọi người đã về đích',
      first_finisher: 'đã có người về đích',
      action_limit: 'quá số nước',
      loss_threshold: 'có người quá {limit} điểm',
      max_rounds: 'đủ số ván',
      round_cap: 'quá số ván',
    },
  },
  en: {
    title: 'Vietnamese folk games',
    game: 'Game',
    rules: 'Rules',
    level: 'Bot',
    seed: 'Seed',
    new_game: 'New game',
    o_an_quan: 'Ô ăn quan (mancala)',
    ca_ngua: 'Cờ cá ngựa (horse race)',
    domino: 'Domino',
    easy: 'Easy',
    medium: 'Medium',
    hard: 'Hard',
    hint: 'Hint',
    autoplay: 'Bot plays for me',
    speed: 'Speed',
    slow: 'Slow',
    normal: 'Normal',
    fast: 'Fast',
    instant: 'Instant',
    save: 'Save game',
    load: 'Load game',
    moves: 'Moves',
    events: 'What happened',
    footer:
      'Rules and bots: dangian (Rust → WebAssembly). Chance (dice, the deal) comes from the engine\'s RNG with the seed shown.',
    you: 'You',
    bot: 'Bot',
    chance: 'Chance',
    your_turn: 'Your turn',
    bot_thinking: 'The bot is thinking…',
    bot_turn: 'Bot\'s turn',
    game_over: 'Game over',
    you_win: 'You win!',
    you_lose: 'You lose.',
    draw: 'A draw.',
    place: 'place',
    score: 'Score',
    roll: 'Roll the dice',
    choose_square: 'Pick one of your squares, then a direction to sow.',
    choose_piece: 'Pick a horse, then a move.',
    choose_tile: 'Pick a tile to play.',
    draw_tile: 'You cannot play: draw a tile from the market.',
    market: 'Market',
    draw_action: 'Draw',
    deal: 'Deal',
    dealt: 'dealt {n} tiles',
    passed: 'passes',
    fish: 'Fish! (blocked)',
    went_out: 'goes out',
    round: 'Round',
    round_scored: 'Round {r} over: {who} {how}',
    hint_is: 'Hint: {text} ({score}%)',
    loaded: 'Saved game loaded.',
    saved: 'Game saved.',
    error: 'Error',
    left: 'Left',
    right: 'Right',
    yard: 'Yard',
    captured: 'Captured',
    colours: ['Red', 'Yellow', 'Blue', 'Green'],
    kicked: 'kicks {colour}',
    bonus: 'rolls again',
    seat_a: 'A',
    seat_b: 'B',
    bot_time: 'Bot thought {ms} ms',
    square_named: 'Square {name}, {n} stones',
    board: 'Board',
    choices: 'Moves to choose',
    horse_named: '{colour} horse {n}',
    tile_named: 'Tile {tile}',
    keys: 'Keyboard: arrows or Tab to choose, Enter or Space to play, R rolls the dice, D draws, H hints.',
    end_reasons: {
      both_quan_squares_empty: 'both quan squares empty',
      both_big_stones_captured: 'both big stones captured',
      no_refill: 'no stones to refill a side',
      move_cap: 'move limit',
      repetition: 'repetition',
      all_placed: 'everyone is home',
      first_finisher: 'a player is home',
      action_limit: 'move limit',
      loss_threshold: 'someone passed {limit} points',
      max_rounds: 'all rounds played',
      round_cap: 'round limit',
    },
  },
};

let lang = 'vi';

export function setLang(l) {
  lang = l in LABELS ? l : 'vi';
  document.documentElement.lang = lang;
  for (const el of document.querySelectorAll('[data-i18n]')) {
    const v = LABELS[lang][el.dataset.i18n];
    if (typeof v === 'string') el.textContent = v;
  }
  for (const el of document.querySelectorAll('[data-i18n-label]')) {
    const v = LABELS[lang][el.dataset.i18nLabel];
    if (typeof v === 'string') el.setAttribute('aria-label', v);
  }
}

export function getLang() {
  return lang;
}

/** A label, with `{name}` filled from `vars`. */
export function t(key, vars = {}) {
  return tIn(lang, key, vars);
}

/** A label in the language `l`, with `{name}` filled from `vars`. */
export function tIn(l, key, vars = {}) {
  let v = LABELS[l]?.[key] ?? LABELS.en[key] ?? key;
  if (typeof v !== 'string') return v;
  for (const [k, x] of Object.entries(vars)) v = v.replaceAll(`{${k}}`, String(x));
  return v;
}
