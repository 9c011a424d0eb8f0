//! Reading `score`'s fields: the dict of keyword arguments Python makes for a call, or a
//! request dict of `score_many`, walked once and its values borrowed (no reference taken and
//! dropped on each of its ~20 values), read straight into the API's request type. Anything the
//! quick reading does not take (a key that is not a field, a value of another kind, a rules
//! dict it cannot read) goes to the general reading (`convert`), which names the field at
//! fault.
//!
//! Borrowing is sound because reading a request runs no Python code: the dicts are walked,
//! never looked up (a lookup can call a key's `__eq__`), lists are read by the C functions
//! (not a subclass's `__len__`), numbers as numbers (not `__index__`). The one way left is a
//! value the reading refuses (a string that is not UTF-8 raises inside CPython, and making
//! the exception can start the cyclic collector, whose finalizers are Python code): `score`
//! touches nothing borrowed after a refusal, and `score_many` holds the collector off.

use mahjong::ScoringRules;
use pyo3::prelude::*;
use pyo3::sync::PyOnceLock;
use pyo3::types::{PyBool, PyDict, PyInt, PyList, PyString, PyTuple};
use tiles_api::mahjong::{SCORE_FIELDS as FIELDS, ScoreInput, TilesRef};

/// A value borrowed from a request: from its dict, one of its lists or a meld's dict.
type Item<'a, 'py> = Borrowed<'a, 'py, PyAny>;

/// A string's text, or `None` if it is not a string (or not one Rust can borrow).
fn text<'a>(value: &'a Bound<'_, PyAny>) -> Option<&'a str> {
    value
        .cast::<PyString>()
        .ok()
        .and_then(|text| text.to_str().ok())
}

/// A whole number from 0 to `u32::MAX` (not a bool).
fn whole(value: &Bound<'_, PyAny>) -> Option<u32> {
    if value.is_instance_of::<PyBool>() || !value.is_instance_of::<PyInt>() {
        return None;
    }
    let mut overflow = 0;
    // SAFETY: the GIL is held and `value` is an int; this form reports a number too large by
    // `overflow`, without raising.
    let number = unsafe { pyo3::ffi::PyLong_AsLongAndOverflow(value.as_ptr(), &mut overflow) };
    if overflow != 0 {
        return None;
    }
    u32::try_from(number).ok()
}

type SizeOf = unsafe extern "C" fn(*mut pyo3::ffi::PyObject) -> pyo3::ffi::Py_ssize_t;
type ItemAt = unsafe extern "C" fn(
    *mut pyo3::ffi::PyObject,
    pyo3::ffi::Py_ssize_t,
) -> *mut pyo3::ffi::PyObject;

/// The items of a list or a tuple, borrowed from it.
///
/// # Safety
///
/// As for [`Given::of`]: the items are used only while the list is not changed.
unsafe fn items<'a, 'py>(value: &Bound<'py, PyAny>) -> Option<Vec<Item<'a, 'py>>> {
    let py = value.py();
    // The C functions, not `len()`: a list's subclass could answer `__len__` in Python.
    let (size, get) = if value.is_instance_of::<PyList>() {
        (
            pyo3::ffi::PyList_Size as SizeOf,
            pyo3::ffi::PyList_GetItem as ItemAt,
        )
    } else if value.is_instance_of::<PyTuple>() {
        (
            pyo3::ffi::PyTuple_Size as SizeOf,
            pyo3::ffi::PyTuple_GetItem as ItemAt,
        )
    } else {
        return None;
    };
    // SAFETY: the GIL is held and `value` is a list (a tuple).
    let len = unsafe { size(value.as_ptr()) };
    (0..len)
        .map(|index| {
            // SAFETY: the GIL is held and `index` is in range: the item is borrowed from the
            // list, which holds it.
            let item = unsafe { get(value.as_ptr(), index) };
            (!item.is_null()).then(|| unsafe { Borrowed::from_ptr(py, item) })
        })
        .collect()
}

/// Walks a dict: each key and value, borrowed from it.
///
/// # Safety
///
/// As for [`Given::of`].
unsafe fn walk<'a, 'py>(
    dict: &Bound<'py, PyDict>,
    mut each: impl FnMut(Item<'a, 'py>, Item<'a, 'py>) -> Option<()>,
) -> Option<()> {
    let py = dict.py();
    let (mut position, mut key, mut value) = (0, std::ptr::null_mut(), std::ptr::null_mut());
    // SAFETY: the GIL is held and no Python code runs while the dict is walked, so it does not
    // change; the key and value are borrowed from it.
    while unsafe { pyo3::ffi::PyDict_Next(dict.as_ptr(), &mut position, &mut key, &mut value) } != 0
    {
        each(unsafe { Borrowed::from_ptr(py, key) }, unsafe {
            Borrowed::from_ptr(py, value)
        })?;
    }
    Some(())
}

/// The fields' names as interned Python strings, in [`FIELDS`]' order.
static KEYS: PyOnceLock<[Py<PyString>; FIELDS.len()]> = PyOnceLock::new();

/// A meld's keys, `type` and `tiles`, as interned Python strings.
static MELD_KEYS: PyOnceLock<[Py<PyString>; 2]> = PyOnceLock::new();

/// The index of `key` among `known` (interned strings): by address, as keys written in Python
/// source are the interned strings, else by text; `hint` is tried first.
fn key_index(
    key: &Bound<'_, PyAny>,
    known: &[Py<PyString>],
    hint: usize,
    by_text: impl Fn(&str) -> Option<usize>,
) -> Option<usize> {
    if known.get(hint).is_some_and(|k| k.as_ptr() == key.as_ptr()) {
        return Some(hint);
    }
    known
        .iter()
        .position(|k| k.as_ptr() == key.as_ptr())
        .or_else(|| text(key).and_then(by_text))
}

/// The values of a request's fields, borrowed, and the items of its list fields.
pub struct Given<'a, 'py> {
    fields: [Option<Item<'a, 'py>>; FIELDS.len()],
    /// Each meld's `type` and `tiles`.
    melds: Vec<(Item<'a, 'py>, Item<'a, 'py>)>,
    /// The indicators' names, when given as a list (else the field is one string).
    dora: Option<Vec<Item<'a, 'py>>>,
    ura: Option<Vec<Item<'a, 'py>>>,
}

impl<'a, 'py> Given<'a, 'py> {
    /// The fields of a request dict, borrowed, or `None` for the general reading: a key that is
    /// not a field of `score`, a melds or indicators field of a kind this reading does not
    /// take. The dict is walked once.
    ///
    /// # Safety
    ///
    /// The dict must live for `'a`, and until the `Given` and what [`Given::input`] borrows
    /// from it are last used, no Python code may run (nothing may change the request's dict,
    /// lists and meld dicts).
    pub unsafe fn of(request: &'a Bound<'py, PyDict>) -> Option<Given<'a, 'py>> {
        let py = request.py();
        let keys = KEYS.get_or_init(py, || FIELDS.map(|key| PyString::intern(py, key).unbind()));
        let mut fields: [Option<Item<'a, 'py>>; FIELDS.len()] = [None; FIELDS.len()];
        // Where the next key is looked for first: requests mostly give the fields in order.
        let mut next = 0;
        // SAFETY: the caller's contract.
        unsafe {
            walk(request, |key, value| {
                let index = key_index(&key, keys, next, field_index)?;
                next = index + 1;
                fields[index] = Some(value);
                Some(())
            })?;
        }
        let mut given = Given {
            fields,
            melds: Vec::new(),
            dora: None,
            ura: None,
        };
        if let Some(melds) = given.fields[1] {
            // SAFETY: the caller's contract.
            for meld in unsafe { items(&melds)? } {
                given.melds.push(unsafe { meld_fields(&meld)? });
            }
        }
        for index in [15, 16] {
            if let Some(value) = given.fields[index]
                && !value.is_instance_of::<PyString>()
            {
                // SAFETY: the caller's contract.
                let names = unsafe { items(&value)? };
                *(if index == 15 {
                    &mut given.dora
                } else {
                    &mut given.ura
                }) = Some(names);
            }
        }
        Some(given)
    }

    /// The borrowed request, or `None` if a field has a type the quick reading does not take
    /// (the general reading reads it, or names the field at fault).
    pub fn input(&self) -> Option<ScoreInput<'_>> {
        let field = |index: usize| self.fields[index].as_deref();
        let hand = text(field(0)?)?;
        let win = text(field(2)?)?;
        let mut flags = [false; 10];
        for (flag, index) in flags.iter_mut().zip(3..13) {
            if let Some(value) = field(index) {
                *flag = value.cast::<PyBool>().ok()?.is_true();
            }
        }
        let wind = |index: usize| field(index).map_or(Some("E"), text);
        fn indicators<'b>(
            value: Option<&'b Bound<'_, PyAny>>,
            items: &'b Option<Vec<Item<'_, '_>>>,
        ) -> Option<TilesRef<'b>> {
            match (value, items) {
                (None, _) => Some(TilesRef::List(Vec::new())),
                (Some(_), Some(items)) => items
                    .iter()
                    .map(|item| text(item))
                    .collect::<Option<Vec<&str>>>()
                    .map(TilesRef::List),
                (Some(value), None) => text(value).map(TilesRef::Text),
            }
        }
        let count = |index: usize| field(index).map_or(Some(0), whole);
        let melds = self
            .melds
            .iter()
            .map(|(kind, tiles)| Some((text(kind)?, text(tiles)?)))
            .collect::<Option<Vec<_>>>()?;
        let rules = match field(19) {
            None => Ok(ScoringRules::default()),
            Some(value) if value.is_none() => Ok(ScoringRules::default()),
            Some(value) => match text(value) {
                Some(name) => name
                    .parse::<ScoringRules>()
                    .map_err(|error| format!("rules: {error}")),
                None => Ok(switches(value.cast::<PyDict>().ok()?)?),
            },
        };
        Some(ScoreInput {
            hand,
            melds,
            win,
            flags,
            seat_wind: wind(13)?,
            round_wind: wind(14)?,
            dora_indicators: indicators(field(15), &self.dora)?,
            ura_indicators: indicators(field(16), &self.ura)?,
            honba: count(17)?,
            riichi_sticks: count(18)?,
            rules,
            kita: count(20)?,
            players: match field(21) {
                None => None,
                Some(value) if value.is_none() => None,
                Some(value) => Some(whole(value)?),
            },
        })
    }
}

/// A meld dict's `type` and `tiles`, borrowed, or `None` if it is not a dict of those two.
///
/// # Safety
///
/// As for [`Given::of`].
unsafe fn meld_fields<'a, 'py>(meld: &Bound<'py, PyAny>) -> Option<(Item<'a, 'py>, Item<'a, 'py>)> {
    let py = meld.py();
    let meld = meld.cast::<PyDict>().ok()?;
    if meld.len() != 2 {
        return None;
    }
    let keys = MELD_KEYS.get_or_init(py, || {
        ["type", "tiles"].map(|key| PyString::intern(py, key).unbind())
    });
    let mut found: [Option<Item<'a, 'py>>; 2] = [None; 2];
    // SAFETY: the caller's contract.
    unsafe {
        walk(meld, |key, value| {
            let index = key_index(&key, keys, 0, |key| match key {
                "type" => Some(0),
                "tiles" => Some(1),
                _ => None,
            })?;
            found[index] = Some(value);
            Some(())
        })?;
    }
    Some((found[0]?, found[1]?))
}

/// The rules a dict of a preset and switches names (`{"preset": "wrc", "double_wind_fu": 4}`),
/// or `None` for the general reading to take it: a key or value of another kind, or one
/// refused (that reading words the message). The dict is walked, not looked up.
fn switches(fields: &Bound<'_, PyDict>) -> Option<ScoringRules> {
    let mut rules = ScoringRules::default();
    for (name, value) in fields.iter() {
        if text(&name)? == "preset" {
            rules = text(&value)?.parse().ok()?;
        }
    }
    for (name, value) in fields.iter() {
        let name = text(&name)?;
        if name == "preset" {
            continue;
        }
        let value = if let Ok(on) = value.cast::<PyBool>() {
            on.is_true().to_string()
        } else if value.is_instance_of::<PyInt>() {
            let mut overflow = 0;
            // SAFETY: the GIL is held and `value` is an int (reported too large by
            // `overflow`, without raising).
            let number =
                unsafe { pyo3::ffi::PyLong_AsLongAndOverflow(value.as_ptr(), &mut overflow) };
            if overflow != 0 {
                return None;
            }
            number.to_string()
        } else {
            return None;
        };
        rules.set(name, &value).ok()?;
    }
    Some(rules)
}

/// Whether [`field_index`] numbers the fields as the API lists them (checked when the module
/// is imported).
pub fn fields_agree() -> bool {
    FIELDS
        .iter()
        .enumerate()
        .all(|(index, name)| field_index(name) == Some(index))
}

/// The index of a field of `score` in [`FIELDS`].
fn field_index(key: &str) -> Option<usize> {
    Some(match key {
        "hand" => 0,
        "melds" => 1,
        "win" => 2,
        "tsumo" => 3,
        "riichi" => 4,
        "double_riichi" => 5,
        "ippatsu" => 6,
        "rinshan" => 7,
        "chankan" => 8,
        "haitei" => 9,
        "houtei" => 10,
        "tenhou" => 11,
        "chiihou" => 12,
        "seat_wind" => 13,
        "round_wind" => 14,
        "dora_indicators" => 15,
        "ura_indicators" => 16,
        "honba" => 17,
        "riichi_sticks" => 18,
        "rules" => 19,
        "kita" => 20,
        "players" => 21,
        _ => return None,
    })
}
