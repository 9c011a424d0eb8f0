//! A quick reader for the requests a batch sends by the million (`mahjong/score`): plain JSON
//! (strings without escapes, whole numbers, booleans, lists, objects) read straight into the
//! request type, the rules included (a preset name, or a preset and switches). Anything else —
//! an escape, an unknown or repeated field, a number that is not a plain `u32`, a value of
//! another kind, rules the library refuses — is left to serde, which reads it or names the
//! error. Whatever this reader accepts, serde reads the same way (the tests compare the two).
//!
//! A batch sends its fields in one order: each key is first compared, in place, with the field
//! that followed the previous one in the schema's order, which costs less than reading it.

use mahjong::{Players, ScoringRules};

use crate::mahjong::{SCORE_FIELDS as FIELDS, ScoreInput, TilesRef};

/// A position in a JSON text.
struct Scan<'a> {
    text: &'a str,
    bytes: &'a [u8],
    at: usize,
}

impl<'a> Scan<'a> {
    fn peek(&self) -> Option<u8> {
        self.bytes.get(self.at).copied()
    }

    /// Skips spaces: the only whitespace left once control characters are ruled out.
    fn ws(&mut self) {
        while self.peek() == Some(b' ') {
            self.at += 1;
        }
    }

    /// Whether the next byte (after whitespace) is `byte`; consumes it if so.
    fn next_is(&mut self, byte: u8) -> bool {
        self.ws();
        let found = self.peek() == Some(byte);
        self.at += usize::from(found);
        found
    }

    /// The byte `byte`, after whitespace.
    fn byte(&mut self, byte: u8) -> Option<()> {
        self.next_is(byte).then_some(())
    }

    /// A string without escapes (the whole text was checked for control characters).
    fn string(&mut self) -> Option<&'a str> {
        self.byte(b'"')?;
        let start = self.at;
        let end = start + quote_or_backslash(self.bytes.get(start..)?)?;
        if self.bytes[end] != b'"' {
            return None;
        }
        self.at = end + 1;
        // Both ends are next to a '"', so on character boundaries.
        self.text.get(start..end)
    }

    /// Whether the next thing (after whitespace) is the string `name`, written plainly;
    /// consumes it if so. Cheaper than reading a string and comparing it.
    fn quoted_is(&mut self, name: &str) -> bool {
        self.ws();
        let end = self.at + name.len() + 2;
        let found = self.bytes.get(self.at..end).is_some_and(|quoted| {
            quoted[0] == b'"'
                && quoted[quoted.len() - 1] == b'"'
                && &quoted[1..=name.len()] == name.as_bytes()
        });
        if found {
            self.at = end;
        }
        found
    }

    /// The index in [`FIELDS`] of the next key, trying `FIELDS[expected]` first: a batch
    /// sends the fields in one order.
    fn field(&mut self, expected: usize) -> Option<usize> {
        if let Some(name) = FIELDS.get(expected)
            && self.quoted_is(name)
        {
            return Some(expected);
        }
        let key = self.string()?;
        FIELDS.iter().position(|name| *name == key)
    }

    fn boolean(&mut self) -> Option<bool> {
        self.ws();
        let rest = self.bytes.get(self.at..)?;
        if rest.starts_with(b"true") {
            self.at += 4;
            Some(true)
        } else if rest.starts_with(b"false") {
            self.at += 5;
            Some(false)
        } else {
            None
        }
    }

    /// A whole number that fits a `u32`, written plainly (no sign, fraction, exponent or
    /// leading zero).
    fn number(&mut self) -> Option<u32> {
        self.ws();
        let start = self.at;
        let mut value = 0u32;
        while let Some(digit @ b'0'..=b'9') = self.peek() {
            value = value
                .checked_mul(10)?
                .checked_add(u32::from(digit - b'0'))?;
            self.at += 1;
        }
        let digits = self.at - start;
        let leading_zero = digits > 1 && self.bytes[start] == b'0';
        if digits == 0 || leading_zero || matches!(self.peek(), Some(b'.' | b'e' | b'E')) {
            return None;
        }
        Some(value)
    }

    /// A list of items, each read by `item`.
    fn list<T>(&mut self, mut item: impl FnMut(&mut Scan<'a>) -> Option<T>) -> Option<Vec<T>> {
        self.byte(b'[')?;
        let mut items = Vec::new();
        if self.next_is(b']') {
            return Some(items);
        }
        loop {
            items.push(item(self)?);
            if self.next_is(b']') {
                return Some(items);
            }
            self.byte(b',')?;
        }
    }

    /// Tiles: a string or a list of strings.
    fn tiles(&mut self) -> Option<TilesRef<'a>> {
        self.ws();
        match self.peek()? {
            b'"' => Some(TilesRef::Text(self.string()?)),
            b'[' => Some(TilesRef::List(self.list(Scan::string)?)),
            _ => None,
        }
    }

    /// The members of an object, each handed to `member` with its key; `None` from it (an
    /// unknown key, a bad value) stops the reading.
    fn object(
        &mut self,
        mut member: impl FnMut(&mut Scan<'a>, &'a str) -> Option<()>,
    ) -> Option<()> {
        self.byte(b'{')?;
        if self.next_is(b'}') {
            return Some(());
        }
        loop {
            let key = self.string()?;
            self.byte(b':')?;
            member(self, key)?;
            if self.next_is(b'}') {
                return Some(());
            }
            self.byte(b',')?;
        }
    }

    /// A meld: `{"type": …, "tiles": …}` (or the other way round).
    fn meld(&mut self) -> Option<(&'a str, &'a str)> {
        let (mut kind, mut tiles) = (None, None);
        self.object(|scan, key| {
            let slot = match key {
                "type" => &mut kind,
                "tiles" => &mut tiles,
                _ => return None,
            };
            set(slot, scan.string())
        })?;
        Some((kind?, tiles?))
    }

    /// The rules: a preset name, or an object of a preset and switches set to `true`, `false`
    /// or a plain number. Anything else, a repeated switch, and every error are serde's.
    fn rules(&mut self) -> Option<ScoringRules> {
        self.ws();
        if self.peek()? == b'"' {
            return crate::mahjong::scoring_preset(self.string()?).ok();
        }
        let mut preset = None;
        let mut switches: Vec<(&str, Switch)> = Vec::new();
        self.object(|scan, key| {
            if key == "preset" {
                return set(&mut preset, scan.string());
            }
            // The library matches switch names in any case, and serde's map keeps the keys
            // sorted: "kiriage" after "Kiriage" would be applied in another order.
            if switches
                .iter()
                .any(|(name, _)| name.eq_ignore_ascii_case(key))
            {
                return None;
            }
            scan.ws();
            let value = match scan.peek()? {
                b't' | b'f' => Switch::Bool(scan.boolean()?),
                _ => Switch::Number(scan.number()?),
            };
            switches.push((key, value));
            Some(())
        })?;
        let mut rules = match preset {
            Some(name) => crate::mahjong::scoring_preset(name).ok()?,
            None => ScoringRules::default(),
        };
        for (name, value) in switches {
            let set = match value {
                Switch::Bool(on) => rules.set(name, if on { "true" } else { "false" }),
                Switch::Number(number) => rules.set(name, &number.to_string()),
            };
            set.ok()?;
        }
        Some(rules)
    }
}

/// The index of the first `"` or `\\` in `bytes`, eight bytes at a time: a request's strings
/// are a few bytes long, too short for a vectorised search to pay for its set-up.
fn quote_or_backslash(bytes: &[u8]) -> Option<usize> {
    const ONES: u64 = u64::from_ne_bytes([0x01; 8]);
    const HIGHS: u64 = u64::from_ne_bytes([0x80; 8]);
    const QUOTES: u64 = u64::from_ne_bytes([b'"'; 8]);
    const BACKSLASHES: u64 = u64::from_ne_bytes([b'\\'; 8]);
    // The high bit of each zero byte of `word` (and maybe of bytes after the first zero, from
    // the borrow: only the lowest one is used).
    let zeros = |word: u64| word.wrapping_sub(ONES) & !word & HIGHS;
    let mut chunks = bytes.chunks_exact(8);
    let mut offset = 0;
    for chunk in &mut chunks {
        let word = u64::from_le_bytes(chunk.try_into().ok()?);
        let found = zeros(word ^ QUOTES) | zeros(word ^ BACKSLASHES);
        if found != 0 {
            return Some(offset + found.trailing_zeros() as usize / 8);
        }
        offset += 8;
    }
    let rest = chunks.remainder();
    rest.iter()
        .position(|&byte| byte == b'"' || byte == b'\\')
        .map(|index| offset + index)
}

/// A switch's value in a rules object.
enum Switch {
    Bool(bool),
    Number(u32),
}

/// Fills an empty `slot` with `value`; `None` if either is missing or the slot was full.
fn set<T>(slot: &mut Option<T>, value: Option<T>) -> Option<()> {
    if slot.is_some() {
        return None;
    }
    *slot = Some(value?);
    Some(())
}

/// A `mahjong/score` request read quickly, or `None` for serde to read.
pub(crate) fn score_request(text: &str) -> Option<ScoreInput<'_>> {
    // A control character is whitespace outside strings or an error inside one: either way,
    // serde's business. Checked once, without stopping early, so it runs a word at a time.
    if text
        .bytes()
        .fold(false, |control, byte| control | (byte < 0x20))
    {
        return None;
    }
    let mut scan = Scan {
        text,
        bytes: text.as_bytes(),
        at: 0,
    };
    let mut hand = None;
    let mut win = None;
    let mut melds = None;
    let mut flags = [None::<bool>; 11];
    let mut winds: [Option<&str>; 2] = [None, None];
    let mut indicators: [Option<TilesRef<'_>>; 2] = [None, None];
    let mut counts = [None::<u32>; 2];
    let mut rules = None;
    let mut table = [None::<u32>; 2];
    scan.byte(b'{')?;
    if !scan.next_is(b'}') {
        let mut expected = 0;
        loop {
            let index = scan.field(expected)?;
            scan.byte(b':')?;
            match index {
                0 => set(&mut hand, scan.string()),
                1 => set(&mut melds, scan.list(Scan::meld)),
                2 => set(&mut win, scan.string()),
                3..=12 => set(&mut flags[index - 3], scan.boolean()),
                13 | 14 => set(&mut winds[index - 13], scan.string()),
                15 | 16 => set(&mut indicators[index - 15], scan.tiles()),
                17 | 18 => set(&mut counts[index - 17], scan.number()),
                19 => set(&mut rules, scan.rules()),
                22 => set(&mut flags[10], scan.boolean()),
                _ => set(&mut table[index - 20], scan.number()),
            }?;
            expected = index + 1;
            if scan.next_is(b'}') {
                break;
            }
            scan.byte(b',')?;
        }
    }
    scan.ws();
    if scan.at != text.len() {
        return None;
    }
    let [seat_wind, round_wind] = winds;
    let [dora_indicators, ura_indicators] = indicators;
    Some(ScoreInput {
        hand: hand?,
        melds: melds.unwrap_or_default(),
        win: win?,
        flags: flags.map(|flag| flag.unwrap_or(false)),
        seat_wind: seat_wind.unwrap_or("E"),
        round_wind: round_wind.unwrap_or("E"),
        dora_indicators: dora_indicators.unwrap_or(TilesRef::List(Vec::new())),
        ura_indicators: ura_indicators.unwrap_or(TilesRef::List(Vec::new())),
        honba: counts[0].unwrap_or(0),
        riichi_sticks: counts[1].unwrap_or(0),
        rules: Ok(rules.unwrap_or_default()),
        kita: table[0].unwrap_or(0),
        players: match table[1] {
            None => None,
            // Other counts are refused by the full reading, with its message.
            Some(count) => Some(Players::try_from(count).ok()?),
        },
    })
}

#[cfg(test)]
mod tests {
    use proptest::prelude::*;

    use super::score_request;
    use crate::mahjong::ScoreRequest;

    /// Requests in many spellings: fields in any order, spaces, escapes, repeats, unknown
    /// fields, numbers of every kind, values of the wrong kind.
    fn request_text() -> impl Strategy<Value = String> {
        let value = prop_oneof![
            Just(r#""123m456p789s1122z""#.to_owned()),
            Just(r#""1z""#.to_owned()),
            Just(r#""1\u007az""#.to_owned()),
            Just(r#""E""#.to_owned()),
            Just("true".to_owned()),
            Just("false".to_owned()),
            Just("null".to_owned()),
            Just("0".to_owned()),
            Just("7".to_owned()),
            Just("07".to_owned()),
            Just("-1".to_owned()),
            Just("1.0".to_owned()),
            Just("4294967296".to_owned()),
            Just(r#"["3m", "5z"]"#.to_owned()),
            Just("[]".to_owned()),
            Just(r#""3m,5z""#.to_owned()),
            Just(r#"[{"type": "pon", "tiles": "111p"}]"#.to_owned()),
            Just(r#"[{"tiles": "111p", "type": "pon"}, {"type":"chi","tiles":"234s"}]"#.to_owned()),
            Just(r#"[{"type": "pon"}]"#.to_owned()),
            Just(r#"{"preset": "wrc", "kiriage": true}"#.to_owned()),
            Just(r#"{"preset": "w\"rc"}"#.to_owned()),
            Just(r#""tenhou""#.to_owned()),
            Just(r#""tenhou-sanma""#.to_owned()),
            Just("3".to_owned()),
            Just(r#"{"preset": "tenhou", "players": 3}"#.to_owned()),
            Just(r#""nope""#.to_owned()),
            Just(r#"{"double_wind_fu": 2, "red_fives": false, "counted_yakuman": 1}"#.to_owned()),
            Just(r#"{"kiriage": true, "Kiriage": false}"#.to_owned()),
            Just(r#"{"preset": "wrc", "double_wind_fu": 4.0}"#.to_owned()),
            Just(r#"{"preset": "wrc", "preset": "tenhou"}"#.to_owned()),
            Just(r#"{"preset": "nope", "kiriage": "yes"}"#.to_owned()),
            Just(r#"{"double_wind_fu": 3}"#.to_owned()),
            Just("{}".to_owned()),
        ];
        let key = prop_oneof![
            Just("hand"),
            Just("win"),
            Just("melds"),
            Just("tsumo"),
            Just("riichi"),
            Just("chiihou"),
            Just("seat_wind"),
            Just("round_wind"),
            Just("dora_indicators"),
            Just("ura_indicators"),
            Just("honba"),
            Just("riichi_sticks"),
            Just("rules"),
            Just("kita"),
            Just("players"),
            Just("nothing"),
        ];
        let space = prop_oneof![Just(""), Just(" "), Just("\n "), Just("\t")];
        proptest::collection::vec((key, value, space), 0..8).prop_map(|members| {
            let mut text = String::from(r#"{"hand": "123m456p789s11222z", "win": "2z""#);
            for (key, value, space) in members {
                text.push_str(&format!(",{space}\"{key}\"{space}:{space}{value}{space}"));
            }
            text.push('}');
            text
        })
    }

    proptest! {
        #![proptest_config(tiles_testkit::props::config(2048))]

        /// What the quick reader reads, serde reads the same way.
        #[test]
        fn the_quick_reader_agrees_with_serde(text in request_text()) {
            if let Some(quick) = score_request(&text) {
                let serde: ScoreRequest = serde_json::from_str(&text)
                    .map_err(|error| TestCaseError::fail(format!("{text}: serde: {error}")))?;
                prop_assert_eq!(quick, serde.input(), "{}", text);
            }
        }
    }

    #[test]
    fn plain_requests_are_read_quickly() {
        for text in [
            r#"{"hand":"345m40677p678s","melds":[{"type":"chi","tiles":"340m"}],"win":"8s","seat_wind":"S","dora_indicators":["4s"]}"#,
            r#"{ "hand" : "123m456p789s11222z" , "win" : "2z" , "rules" : { "preset" : "wrc" } }"#,
        ] {
            let serde: ScoreRequest = serde_json::from_str(text).unwrap();
            assert_eq!(score_request(text), Some(serde.input()), "{text}");
        }
    }
}
