//! A quick reader for the requests a batch sends by the million (`mahjong/score`): plain JSON
//! (strings without escapes, whole numbers, booleans, lists, objects) read straight into the
//! request type. Anything else — an escape, an unknown or repeated field, a number that is not
//! a plain `u32`, a value of another kind — is left to serde, which reads it or names the
//! error. Whatever this reader accepts, serde reads the same way (the tests compare the two).

use serde_json::Value;

use crate::mahjong::{RulesRequest, ScoreInput, TilesRef};

/// A position in a JSON text.
struct Scan<'a> {
    text: &'a str,
    at: usize,
}

impl<'a> Scan<'a> {
    fn peek(&self) -> Option<u8> {
        self.text.as_bytes().get(self.at).copied()
    }

    fn ws(&mut self) {
        while matches!(self.peek(), Some(b' ' | b'\t' | b'\n' | b'\r')) {
            self.at += 1;
        }
    }

    /// The byte `byte`, after whitespace.
    fn byte(&mut self, byte: u8) -> Option<()> {
        self.ws();
        (self.peek()? == byte).then(|| self.at += 1)
    }

    /// Whether the next byte (after whitespace) is `byte`; consumes it if so.
    fn next_is(&mut self, byte: u8) -> bool {
        self.ws();
        let found = self.peek() == Some(byte);
        if found {
            self.at += 1;
        }
        found
    }

    /// A string without escapes (the whole text was checked for control characters).
    fn string(&mut self) -> Option<&'a str> {
        self.byte(b'"')?;
        let start = self.at;
        let rest = self.text.as_bytes().get(start..)?;
        let end = start + memchr::memchr2(b'"', b'\\', rest)?;
        if self.text.as_bytes()[end] != b'"' {
            return None;
        }
        self.at = end + 1;
        self.text.get(start..end)
    }

    fn boolean(&mut self) -> Option<bool> {
        self.ws();
        let rest = self.text.get(self.at..)?;
        for (word, value) in [("true", true), ("false", false)] {
            if rest.starts_with(word) {
                self.at += word.len();
                return Some(value);
            }
        }
        None
    }

    /// A whole number that fits a `u32`, written plainly (no sign, fraction, exponent or
    /// leading zero).
    fn number(&mut self) -> Option<u32> {
        self.ws();
        let start = self.at;
        while matches!(self.peek(), Some(b'0'..=b'9')) {
            self.at += 1;
        }
        let digits = &self.text[start..self.at];
        if digits.is_empty()
            || (digits.len() > 1 && digits.starts_with('0'))
            || matches!(self.peek(), Some(b'.' | b'e' | b'E'))
        {
            return None;
        }
        digits.parse().ok()
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

    /// A meld: `{"type": …, "tiles": …}`.
    fn meld(&mut self) -> Option<(&'a str, &'a str)> {
        let (mut kind, mut tiles) = (None, None);
        self.object(|scan, key| {
            let slot = match key {
                "type" => &mut kind,
                "tiles" => &mut tiles,
                _ => return None,
            };
            if slot.is_some() {
                return None;
            }
            *slot = Some(scan.string()?);
            Some(())
        })?;
        Some((kind?, tiles?))
    }

    /// The rules: a preset name; anything else is read as a JSON value by serde.
    fn rules(&mut self) -> Option<RulesRequest> {
        self.ws();
        if self.peek()? == b'"' {
            return Some(RulesRequest::from_value(Value::String(
                self.string()?.to_owned(),
            )));
        }
        if self.peek()? != b'{' {
            return None;
        }
        // An object of switches: its extent, then serde for the value.
        let start = self.at;
        let mut depth = 0usize;
        let bytes = self.text.as_bytes();
        loop {
            match *bytes.get(self.at)? {
                b'"' => {
                    self.string()?;
                    continue;
                }
                b'{' => depth += 1,
                b'}' => {
                    depth -= 1;
                    if depth == 0 {
                        self.at += 1;
                        break;
                    }
                }
                _ => {}
            }
            self.at += 1;
        }
        let value: Value = serde_json::from_str(&self.text[start..self.at]).ok()?;
        Some(RulesRequest::from_value(value))
    }
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
    let mut scan = Scan { text, at: 0 };
    let mut hand = None;
    let mut win = None;
    let mut melds = None;
    let mut flags = [None::<bool>; 10];
    let mut winds: [Option<&str>; 2] = [None, None];
    let mut indicators: [Option<TilesRef<'_>>; 2] = [None, None];
    let mut counts = [None::<u32>; 2];
    let mut rules = None;
    const FLAGS: [&str; 10] = [
        "tsumo",
        "riichi",
        "double_riichi",
        "ippatsu",
        "rinshan",
        "chankan",
        "haitei",
        "houtei",
        "tenhou",
        "chiihou",
    ];
    scan.object(|scan, key| {
        fn set<T>(slot: &mut Option<T>, value: Option<T>) -> Option<()> {
            if slot.is_some() {
                return None;
            }
            *slot = Some(value?);
            Some(())
        }
        match key {
            "hand" => set(&mut hand, scan.string()),
            "win" => set(&mut win, scan.string()),
            "melds" => set(&mut melds, scan.list(Scan::meld)),
            "seat_wind" => set(&mut winds[0], scan.string()),
            "round_wind" => set(&mut winds[1], scan.string()),
            "dora_indicators" => set(&mut indicators[0], scan.tiles()),
            "ura_indicators" => set(&mut indicators[1], scan.tiles()),
            "honba" => set(&mut counts[0], scan.number()),
            "riichi_sticks" => set(&mut counts[1], scan.number()),
            "rules" => set(&mut rules, scan.rules()),
            flag => {
                let index = FLAGS.iter().position(|name| *name == flag)?;
                set(&mut flags[index], scan.boolean())
            }
        }
    })?;
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
        rules: rules.unwrap_or_default(),
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
        #![proptest_config(ProptestConfig::with_cases(
            std::env::var("PROPTEST_CASES").ok().and_then(|n| n.parse().ok()).unwrap_or(2048)
        ))]

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
