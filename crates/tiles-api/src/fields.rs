//! Field types that requests share: tiles given as a list or as text, tables, and the errors
//! that name a field and, inside its text, a column.

use std::fmt;

use mahjong::{Players, PlayersError};
use schemars::JsonSchema;
use serde::de::{self, Deserializer, SeqAccess, Visitor};
use serde::{Deserialize, Serialize};
use serde_json::Value;

/// The notation's parse error, which every game crate returns.
pub use rummikub::ParseError;

/// What a JSON value is, in words, for errors: `a number`, `a list`.
pub fn json_kind(value: &Value) -> &'static str {
    match value {
        Value::Null => "null",
        Value::Bool(_) => "a boolean",
        Value::Number(_) => "a number",
        Value::String(_) => "a string",
        Value::Array(_) => "a list",
        Value::Object(_) => "an object",
    }
}

/// A parse error inside field `field`'s text: `rack, column 4: expected …, found …`.
pub fn in_text(field: &str, error: &ParseError) -> String {
    if error.line > 1 {
        format!(
            "{field}, line {}, column {}: expected {}, found {}",
            error.line, error.column, error.expected, error.found
        )
    } else {
        format!(
            "{field}, column {}: expected {}, found {}",
            error.column, error.expected, error.found
        )
    }
}

/// A parse error in item `index` of list field `field`: `rack[1]: expected …, found …`.
pub fn in_item(field: &str, index: usize, error: &ParseError) -> String {
    format!(
        "{field}[{index}]: expected {}, found {}",
        error.expected, error.found
    )
}

/// Tiles (or cards, or dominoes): a list of names in the game's notation, `["R1", "J"]`, or
/// one string of them, `"R1 J"`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, JsonSchema)]
#[serde(untagged)]
pub enum Tiles {
    /// One string in the game's notation.
    Text(String),
    /// One name per item.
    List(Vec<String>),
}

impl Default for Tiles {
    fn default() -> Tiles {
        Tiles::List(Vec::new())
    }
}

impl Tiles {
    /// Reads the tiles of field `field` with the game's readers: `one` for a list item,
    /// `many` for a string.
    ///
    /// # Errors
    ///
    /// The reader's message, with the field and the item or column.
    pub fn read<T>(
        &self,
        field: &str,
        one: impl Fn(&str) -> Result<T, ParseError>,
        many: impl Fn(&str) -> Result<Vec<T>, ParseError>,
    ) -> Result<Vec<T>, String> {
        match self {
            Tiles::Text(text) => many(text).map_err(|error| in_text(field, &error)),
            Tiles::List(names) => names
                .iter()
                .enumerate()
                .map(|(index, name)| one(name).map_err(|error| in_item(field, index, &error)))
                .collect(),
        }
    }
}

/// A string, or a list of strings.
enum TextOrList {
    Text(String),
    List(Vec<String>),
}

/// Reads a [`TextOrList`]; anything else is an error expecting `.0`.
struct TextOrListVisitor(&'static str);

impl<'de> Visitor<'de> for TextOrListVisitor {
    type Value = TextOrList;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.0)
    }

    fn visit_str<E: de::Error>(self, text: &str) -> Result<TextOrList, E> {
        Ok(TextOrList::Text(text.to_owned()))
    }

    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<TextOrList, A::Error> {
        let mut items = Vec::new();
        while let Some(item) = seq.next_element::<String>()? {
            items.push(item);
        }
        Ok(TextOrList::List(items))
    }
}

/// Reads a string or a list of strings, expecting `what`.
fn text_or_list<'de, D: Deserializer<'de>>(
    deserializer: D,
    what: &'static str,
) -> Result<TextOrList, D::Error> {
    deserializer.deserialize_any(TextOrListVisitor(what))
}

impl<'de> Deserialize<'de> for Tiles {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Tiles, D::Error> {
        Ok(
            match text_or_list(deserializer, "a list of tile names or one string of them")? {
                TextOrList::Text(text) => Tiles::Text(text),
                TextOrList::List(items) => Tiles::List(items),
            },
        )
    }
}

/// A Rummikub table: a list of groups (`[["R1","R2","R3"],["K4","B4","O4"]]`), a string with
/// the groups separated by `|` (`"R1 R2 R3 | K4 B4 O4"`), or a flat list of tiles whose groups
/// are not known (`["R1","R2","R3"]`: arranged into some valid groups first).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, JsonSchema)]
#[serde(untagged)]
pub enum Table {
    /// Groups separated by `|`.
    Text(String),
    /// One list per group.
    Groups(Vec<Vec<String>>),
    /// The tiles, groups unknown.
    Flat(Vec<String>),
}

impl Default for Table {
    fn default() -> Table {
        Table::Groups(Vec::new())
    }
}

/// A table item: a tile or a group.
enum TableItem {
    Tile(String),
    Group(Vec<String>),
}

impl<'de> Deserialize<'de> for TableItem {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<TableItem, D::Error> {
        Ok(
            match text_or_list(deserializer, "a group (a list of tiles) or a tile")? {
                TextOrList::Text(tile) => TableItem::Tile(tile),
                TextOrList::List(group) => TableItem::Group(group),
            },
        )
    }
}

struct TableVisitor;

impl<'de> Visitor<'de> for TableVisitor {
    type Value = Table;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(
            "a list of groups such as [[\"R1\", \"R2\", \"R3\"]] or a string such as \"R1 R2 R3 | K4 B4 O4\"",
        )
    }

    fn visit_str<E: de::Error>(self, text: &str) -> Result<Table, E> {
        Ok(Table::Text(text.to_owned()))
    }

    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Table, A::Error> {
        let mut groups = Vec::new();
        let mut tiles = Vec::new();
        while let Some(item) = seq.next_element::<TableItem>()? {
            match item {
                TableItem::Group(group) => groups.push(group),
                TableItem::Tile(tile) => tiles.push(tile),
            }
            if !groups.is_empty() && !tiles.is_empty() {
                return Err(de::Error::custom(
                    "a table is a list of groups or a list of tiles, not both",
                ));
            }
        }
        Ok(if tiles.is_empty() {
            Table::Groups(groups)
        } else {
            Table::Flat(tiles)
        })
    }
}

impl<'de> Deserialize<'de> for Table {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Table, D::Error> {
        deserializer.deserialize_any(TableVisitor)
    }
}

/// A name list such as a bot line-up: `"search,greedy,greedy,greedy"` or
/// `["search", "greedy", "greedy", "greedy"]`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, JsonSchema)]
#[serde(untagged)]
pub enum Names {
    /// Comma-separated.
    Text(String),
    /// One per item.
    List(Vec<String>),
}

impl Names {
    /// The names, trimmed.
    pub fn names(&self) -> Vec<String> {
        match self {
            Names::Text(text) => text.split(',').map(|name| name.trim().to_owned()).collect(),
            Names::List(names) => names.iter().map(|name| name.trim().to_owned()).collect(),
        }
    }
}

impl<'de> Deserialize<'de> for Names {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Names, D::Error> {
        Ok(
            match text_or_list(deserializer, "a list of names or a comma-separated string")? {
                TextOrList::Text(text) => Names::Text(text),
                TextOrList::List(names) => Names::List(names),
            },
        )
    }
}

/// A request's `players` as the engine's [`Players`]: the one check of a player count, and its
/// one message (`players: expected 3 or 4, found 5`), for every operation and caller.
///
/// # Errors
///
/// A count other than 3 or 4.
pub fn players<N>(count: N) -> Result<Players, String>
where
    Players: TryFrom<N, Error = PlayersError>,
{
    Players::try_from(count).map_err(|error| format!("players: {error}"))
}

/// Reads a request's `players` field as [`Players`], whatever JSON it holds: a number other
/// than 3 or 4, or anything else, is refused with [`Players`]' one message
/// (`expected 3 or 4, found 300`), which the dispatcher prefixes with the field's path.
///
/// # Errors
///
/// A value other than 3 or 4.
pub fn read_players<'de, D: Deserializer<'de>>(deserializer: D) -> Result<Players, D::Error> {
    let value = Value::deserialize(deserializer)?;
    let found = match value.as_i64() {
        Some(count) => return Players::try_from(count).map_err(de::Error::custom),
        None => value.to_string(),
    };
    Err(de::Error::custom(PlayersError { found }))
}

/// [`read_players`] for a field that may be left out or `null`.
///
/// # Errors
///
/// A value other than 3, 4 or `null`.
pub fn read_some_players<'de, D: Deserializer<'de>>(
    deserializer: D,
) -> Result<Option<Players>, D::Error> {
    let value = Value::deserialize(deserializer)?;
    if value.is_null() {
        return Ok(None);
    }
    read_players(value).map(Some).map_err(de::Error::custom)
}

/// The schema of a `players` field: the integer 3 or 4.
pub fn players_schema(_: &mut schemars::SchemaGenerator) -> schemars::Schema {
    schemars::json_schema!({"type": "integer", "enum": [3, 4]})
}

/// Where a value is inside a request, for naming a field given twice: a chain of keys and list
/// places, written only when there is something to say.
#[derive(Clone, Copy)]
enum Place<'a> {
    Top,
    Key(&'a Place<'a>, &'a str),
    Index(&'a Place<'a>, usize),
}

impl fmt::Display for Place<'_> {
    /// `moves[3].pai`, as the other errors name a field.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Place::Top => Ok(()),
            Place::Key(Place::Top, key) => f.write_str(key),
            Place::Key(parent, key) => write!(f, "{parent}.{key}"),
            Place::Index(parent, index) => write!(f, "{parent}[{index}]"),
        }
    }
}

/// Walks a JSON value, refusing an object that gives one key twice.
struct NoRepeat<'a>(Place<'a>);

impl<'de> de::DeserializeSeed<'de> for NoRepeat<'_> {
    type Value = ();

    fn deserialize<D: Deserializer<'de>>(self, deserializer: D) -> Result<(), D::Error> {
        deserializer.deserialize_any(self)
    }
}

/// A key, borrowed from the text when it has no escapes.
struct Key<'de>(std::borrow::Cow<'de, str>);

impl<'de> Deserialize<'de> for Key<'de> {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Key<'de>, D::Error> {
        struct KeyVisitor;
        impl<'de> Visitor<'de> for KeyVisitor {
            type Value = Key<'de>;
            fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str("a key")
            }
            fn visit_borrowed_str<E: de::Error>(self, key: &'de str) -> Result<Key<'de>, E> {
                Ok(Key(std::borrow::Cow::Borrowed(key)))
            }
            fn visit_str<E: de::Error>(self, key: &str) -> Result<Key<'de>, E> {
                Ok(Key(std::borrow::Cow::Owned(key.to_owned())))
            }
        }
        deserializer.deserialize_str(KeyVisitor)
    }
}

/// The words of the error for a key given twice (a prefix the caller recognises).
const GIVEN_TWICE: &str = "\u{0}twice:";

impl<'de> Visitor<'de> for NoRepeat<'_> {
    type Value = ();

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("JSON")
    }
    fn visit_bool<E>(self, _: bool) -> Result<(), E> {
        Ok(())
    }
    fn visit_i64<E>(self, _: i64) -> Result<(), E> {
        Ok(())
    }
    fn visit_u64<E>(self, _: u64) -> Result<(), E> {
        Ok(())
    }
    fn visit_f64<E>(self, _: f64) -> Result<(), E> {
        Ok(())
    }
    fn visit_str<E>(self, _: &str) -> Result<(), E> {
        Ok(())
    }
    fn visit_unit<E>(self) -> Result<(), E> {
        Ok(())
    }
    fn visit_none<E>(self) -> Result<(), E> {
        Ok(())
    }
    fn visit_seq<A: SeqAccess<'de>>(self, mut items: A) -> Result<(), A::Error> {
        let mut index = 0;
        while items
            .next_element_seed(NoRepeat(Place::Index(&self.0, index)))?
            .is_some()
        {
            index += 1;
        }
        Ok(())
    }
    fn visit_map<A: de::MapAccess<'de>>(self, mut fields: A) -> Result<(), A::Error> {
        let mut seen: Vec<Key<'de>> = Vec::new();
        while let Some(key) = fields.next_key::<Key<'de>>()? {
            let place = Place::Key(&self.0, &key.0);
            if seen.iter().any(|other| other.0 == key.0) {
                return Err(de::Error::custom(format_args!("{GIVEN_TWICE}{place}")));
            }
            fields.next_value_seed(NoRepeat(place))?;
            seen.push(key);
        }
        Ok(())
    }
}

/// The field `text` (a JSON request) gives twice, named as the other errors name a field
/// (`seed`, `moves[3].pai`), if any. Text that is not JSON has none (its reader says why).
pub fn given_twice(text: &str) -> Option<String> {
    let mut deserializer = serde_json::Deserializer::from_str(text);
    let error = de::DeserializeSeed::deserialize(NoRepeat(Place::Top), &mut deserializer).err()?;
    let message = error.to_string();
    let rest = message.strip_prefix(GIVEN_TWICE)?;
    // serde_json adds ` at line L column C`.
    let field = rest
        .rsplit_once(" at line ")
        .map_or(rest, |(field, _)| field);
    Some(field.to_owned())
}
