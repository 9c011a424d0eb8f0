//! The reference interface: the five functions of the university project, called with Python
//! literals exactly as the reference examples write them, answered as Python prints results.
//!
//! ```text
//! comp10001huxxy_score(['4C', '2H', 'KS'])                          19
//! comp10001huxxy_valid_table([['AC', '2H', '3S']])                  True
//! comp10001huxxy_valid_play((0, 1, ('KC', 0)), [], 0, ['KC'], [])   True
//! comp10001huxxy_play([], 0, ['3S', 'KC', …], [])                   (0, 0, None)
//! comp10001huxxy_bonus_play([], 0, ['XX', …], [])                   (0, 1, ('XX', 0))
//! ```
//!
//! The `comp10001huxxy_` prefix is optional. `valid_table` and `valid_play` use the joker
//! game's rules when a joker appears anywhere in the call (a basic table has none, so basic
//! answers are unchanged), `play` the basic game's and `bonus_play` the joker game's; the
//! stock's size follows from the variant (104 or 106 cards, less the 48 dealt, less the draws).
//! A `play` argument that is a tuple but no play (an unknown type, details of the wrong shape,
//! a negative index) is simply not valid; cards that are not cards, and a history that is not
//! a list of plays, are errors.

use tiles_notation::error::{quote, span_offset};
use tiles_notation::python::python_literal;
use tiles_notation::{ParseError, PyLiteral, PyValue};

use crate::bot::{Bot, SearchBot};
use crate::card::{Card, Variant, score};
use crate::group::valid_table;
use crate::play::{Play, Played, valid_play};

/// The five functions.
const FUNCTIONS: [&str; 5] = ["score", "valid_table", "valid_play", "play", "bonus_play"];

/// Evaluates one call and returns what Python would print.
///
/// A line holds one call: anything after its closing parenthesis (`== 19`, `;`) is an error
/// at that column.
///
/// # Errors
///
/// A [`ParseError`] pointing at the name, the argument, the card or the text that is wrong.
pub fn eval_call(line: &str) -> Result<String, ParseError> {
    let text = line.trim_end();
    let start = text.len() - text.trim_start().len();
    let open = text
        .find('(')
        .ok_or_else(|| ParseError::at(text, text.len(), "'(' after the function name"))?;
    let name = text[start..open].trim();
    let short = name.strip_prefix("comp10001huxxy_").unwrap_or(name);
    if !FUNCTIONS.contains(&short) {
        return Err(ParseError::at_with_found(
            text,
            start,
            "a function: score, valid_table, valid_play, play or bonus_play (with or without the comp10001huxxy_ prefix)",
            format!("{name:?}"),
        ));
    }
    let (items, rest) = arguments(text, &text[open + 1..])?;
    let trailing = rest.trim_start();
    if !trailing.is_empty() {
        return Err(ParseError::at_with_found(
            text,
            text.len() - trailing.len(),
            "the end of the call (one call per line)",
            quote(trailing),
        ));
    }
    let call = Call { line: text };
    call.run(short, &items)
}

/// The arguments of a call from just after its `(`: Python literals separated by commas (a
/// trailing comma allowed), up to the closing `)`; and the text after it.
fn arguments<'a>(
    text: &'a str,
    mut rest: &'a str,
) -> Result<(Vec<PyLiteral<'a>>, &'a str), ParseError> {
    let error = |at: &str, expected: &str| ParseError::at(text, text.len() - at.len(), expected);
    let mut items = Vec::new();
    loop {
        rest = rest.trim_start();
        if let Some(after) = rest.strip_prefix(')') {
            return Ok((items, after));
        }
        let (after, item) = python_literal(rest).map_err(|failure| match failure {
            nom::Err::Error(error) | nom::Err::Failure(error) => error.into_parse_error(text),
            nom::Err::Incomplete(_) => error("", "an argument"),
        })?;
        items.push(item);
        rest = after.trim_start();
        if let Some(after) = rest.strip_prefix(',') {
            rest = after;
        } else if !rest.starts_with(')') {
            return Err(error(rest, "',' or ')' after an argument"));
        }
    }
}

/// One call being evaluated: the line its literals were read from.
struct Call<'a> {
    line: &'a str,
}

impl Call<'_> {
    fn error(&self, at: &PyLiteral<'_>, expected: impl Into<String>) -> ParseError {
        let offset = span_offset(self.line, at.text);
        ParseError::at_with_found(self.line, offset, expected, quote(at.text))
    }

    fn run(&self, name: &str, args: &[PyLiteral<'_>]) -> Result<String, ParseError> {
        let wanted = match name {
            "score" | "valid_table" => 1,
            "valid_play" => 5,
            _ => 4,
        };
        if args.len() != wanted {
            let plural = |n: usize| if n == 1 { "" } else { "s" };
            return Err(ParseError::at_with_found(
                self.line,
                self.line.len() - 1,
                format!("{wanted} argument{} for {name}", plural(wanted)),
                format!("{} argument{}", args.len(), plural(args.len())),
            ));
        }
        let answer = match name {
            "score" => score(&self.cards(&args[0])?).to_string(),
            "valid_table" => {
                let table = self.table(&args[0])?;
                python_bool(valid_table(&table, variant_of(&[], &table, &[])))
            }
            "valid_play" => {
                let history = self.history(&args[1])?;
                let active = self.player(&args[2])?;
                let hand = self.cards(&args[3])?;
                let table = self.table(&args[4])?;
                let played = self.play(&args[0])?;
                let valid = played.is_some_and(|played| {
                    let mut history_cards: Vec<Card> = Vec::new();
                    for entry in history.iter().chain([&played]) {
                        if let Play::FromHand { card, .. } | Play::Move { card, .. } = entry.play {
                            history_cards.push(card);
                        }
                    }
                    let variant = variant_of(&hand, &table, &history_cards);
                    valid_play(variant, played, &history, active, &hand, &table)
                });
                python_bool(valid)
            }
            _ => {
                let history = self.history(&args[0])?;
                let active = self.player(&args[1])?;
                let hand = self.cards(&args[2])?;
                let table = self.table(&args[3])?;
                let variant = if name == "bonus_play" {
                    Variant::Jokers
                } else {
                    Variant::Basic
                };
                let play = SearchBot.play(variant, &history, active, &hand, &table);
                Played {
                    player: active,
                    play,
                }
                .to_string()
            }
        };
        Ok(answer)
    }

    fn items<'l, 'a>(
        &self,
        literal: &'l PyLiteral<'a>,
        what: &str,
    ) -> Result<&'l [PyLiteral<'a>], ParseError> {
        literal
            .items()
            .ok_or_else(|| self.error(literal, format!("a list of {what}")))
    }

    fn card(&self, literal: &PyLiteral<'_>) -> Result<Card, ParseError> {
        let text = literal
            .as_str()
            .ok_or_else(|| self.error(literal, "a card such as 'KC', '0H' or 'XX'"))?;
        text.parse::<Card>()
            .map_err(|error| self.error(literal, error.expected))
    }

    fn cards(&self, literal: &PyLiteral<'_>) -> Result<Vec<Card>, ParseError> {
        self.items(literal, "cards")?
            .iter()
            .map(|item| self.card(item))
            .collect()
    }

    fn table(&self, literal: &PyLiteral<'_>) -> Result<Vec<Vec<Card>>, ParseError> {
        self.items(literal, "groups")?
            .iter()
            .map(|group| self.cards(group))
            .collect()
    }

    fn player(&self, literal: &PyLiteral<'_>) -> Result<usize, ParseError> {
        literal
            .as_u64()
            .filter(|&player| player < 4)
            .map(|player| player as usize)
            .ok_or_else(|| self.error(literal, "a player 0, 1, 2 or 3"))
    }

    fn history(&self, literal: &PyLiteral<'_>) -> Result<Vec<Played>, ParseError> {
        self.items(literal, "plays")?
            .iter()
            .map(|item| {
                self.play(item)?
                    .ok_or_else(|| self.error(item, "a play (player, type, details)"))
            })
            .collect()
    }

    /// A play `(player, type, details)`; `None` if the tuple is no play. Cards that are not
    /// cards are errors.
    fn play(&self, literal: &PyLiteral<'_>) -> Result<Option<Played>, ParseError> {
        let Some([player, kind, details]) = literal
            .items()
            .map(|items| items.to_vec())
            .and_then(|items| <[PyLiteral<'_>; 3]>::try_from(items).ok())
        else {
            return Err(self.error(literal, "a play (player, type, details)"));
        };
        let index = |item: &PyLiteral<'_>| item.as_u64().map(|n| n as usize);
        let (Some(player), Some(kind)) = (index(&player), index(&kind)) else {
            return Ok(None);
        };
        let parts = details.items().unwrap_or_default();
        let card = match parts.first() {
            Some(first) => Some(self.card(first)?),
            None => None,
        };
        let play = match (kind, &details.value, card, parts.len()) {
            (0, PyValue::None, _, _) => Some(Play::Draw),
            (3, PyValue::None, _, _) => Some(Play::EndTurn),
            (1, _, Some(card), 2) => index(&parts[1]).map(|to| Play::FromHand { card, to }),
            (2, _, Some(card), 3) => index(&parts[1])
                .zip(index(&parts[2]))
                .map(|(from, to)| Play::Move { card, from, to }),
            _ => None,
        };
        Ok(play.map(|play| Played { player, play }))
    }
}

/// The joker game if a joker appears anywhere, else the basic game.
fn variant_of(hand: &[Card], table: &[Vec<Card>], more: &[Card]) -> Variant {
    let joker = hand
        .iter()
        .chain(table.iter().flatten())
        .chain(more)
        .any(|card| card.is_joker());
    if joker {
        Variant::Jokers
    } else {
        Variant::Basic
    }
}

fn python_bool(value: bool) -> String {
    if value { "True" } else { "False" }.to_owned()
}
