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
use pyo3::ffi;
use pyo3::prelude::*;
use pyo3::sync::PyOnceLock;
use pyo3::type_object::PyTypeInfo;
use pyo3::types::{PyBool, PyDict, PyInt, PyList, PyString, PyTuple};
use tiles_api::mahjong::{SCORE_FIELDS as FIELDS, ScoreInput, TilesRef};

/// A value borrowed from a request: from its dict, one of its lists or a meld's dict.
type Item<'a, 'py> = Borrowed<'a, 'py, PyAny>;

/// `value` as a `T`, if it is one: its exact type compared first (an address, where the check
/// for a subclass is a call into CPython under the stable ABI).
pub fn cast<'a, 'py, T: PyTypeInfo>(value: Item<'a, 'py>) -> Option<Borrowed<'a, 'py, T>> {
    if value.is_exact_instance_of::<T>() {
        // SAFETY: its type is `T`'s.
        Some(unsafe { value.cast_unchecked::<T>() })
    } else {
        value.cast::<T>().ok()
    }
}

/// Whether `value` is a `T` (or a subclass), its exact type compared first.
fn is<T: PyTypeInfo>(value: Item<'_, '_>) -> bool {
    value.is_exact_instance_of::<T>() || value.is_instance_of::<T>()
}

/// A string's text, borrowed for as long as the request holds the string, or `None` if it is
/// not a string (or not one Rust can borrow: its error is cleared).
fn text<'a>(value: Item<'a, '_>) -> Option<&'a str> {
    let text = cast::<PyString>(value)?;
    let mut size = 0;
    // SAFETY: the GIL is held and `text` is a string; the UTF-8 CPython gives lives as long as
    // the string, which the request holds for 'a.
    unsafe {
        let data = ffi::PyUnicode_AsUTF8AndSize(text.as_ptr(), &mut size);
        if data.is_null() {
            ffi::PyErr_Clear();
            return None;
        }
        let bytes = std::slice::from_raw_parts(data.cast::<u8>(), usize::try_from(size).ok()?);
        Some(std::str::from_utf8_unchecked(bytes))
    }
}

/// A whole number that fits an `i64`, read without calling anything (an int's subclass is
/// read as the int it is, not through its `__index__`).
fn number(value: Item<'_, '_>) -> Option<i64> {
    if value.is_instance_of::<PyBool>() || !is::<PyInt>(value) {
        return None;
    }
    let mut overflow = 0;
    // SAFETY: the GIL is held and `value` is an int; this form reports a number too large by
    // `overflow`, without raising.
    let number = unsafe { ffi::PyLong_AsLongLongAndOverflow(value.as_ptr(), &mut overflow) };
    (overflow == 0).then_some(number)
}

/// A whole number from 0 to `u32::MAX` (not a bool).
fn whole(value: Item<'_, '_>) -> Option<u32> {
    number(value).and_then(|number| u32::try_from(number).ok())
}

/// The items of a list or a tuple, borrowed from it, or `None` if it is neither.
///
/// # Safety
///
/// As for [`read`].
unsafe fn items<'a, 'py>(value: Item<'a, 'py>) -> Option<impl Iterator<Item = Item<'a, 'py>>> {
    type SizeOf = unsafe extern "C" fn(*mut ffi::PyObject) -> ffi::Py_ssize_t;
    type ItemAt = unsafe extern "C" fn(*mut ffi::PyObject, ffi::Py_ssize_t) -> *mut ffi::PyObject;
    let py = value.py();
    // The C functions, not `len()`: a list's subclass could answer `__len__` in Python.
    let (size, get) = if is::<PyList>(value) {
        (ffi::PyList_Size as SizeOf, ffi::PyList_GetItem as ItemAt)
    } else if is::<PyTuple>(value) {
        (ffi::PyTuple_Size as SizeOf, ffi::PyTuple_GetItem as ItemAt)
    } else {
        return None;
    };
    let list = value.as_ptr();
    // SAFETY: the GIL is held and `value` is a list (a tuple).
    let len = unsafe { size(list) };
    Some((0..len).map(move |index| {
        // SAFETY: the GIL is held and `index` is in range: the item is borrowed from the
        // list, which holds it while nothing changes it (the caller's contract).
        unsafe { Borrowed::from_ptr(py, get(list, index)) }
    }))
}

/// Walks a dict: each key and value, borrowed from it, until `each` gives `None`.
///
/// # Safety
///
/// As for [`read`].
unsafe fn walk<'a, 'py>(
    dict: Borrowed<'a, 'py, PyDict>,
    mut each: impl FnMut(Item<'a, 'py>, Item<'a, 'py>) -> Option<()>,
) -> Option<()> {
    let py = dict.py();
    let (mut position, mut key, mut value) = (0, std::ptr::null_mut(), std::ptr::null_mut());
    // SAFETY: the GIL is held and no Python code runs while the dict is walked, so it does not
    // change; the key and value are borrowed from it.
    while unsafe { ffi::PyDict_Next(dict.as_ptr(), &mut position, &mut key, &mut value) } != 0 {
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
    key: Item<'_, '_>,
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

/// A request dict read into the API's request, its text borrowed, or `None` for the general
/// reading: a key that is not a field of `score`, a value of a kind this reading does not
/// take, a rules dict it cannot read. The dict is walked once.
///
/// # Safety
///
/// The dict must live for `'a`, and until the input is last used no Python code may run
/// (nothing may change the request's dict, lists, meld dicts and strings). After `None`,
/// nothing borrowed from the request may be used.
pub unsafe fn read<'a>(request: Borrowed<'a, '_, PyDict>) -> Option<ScoreInput<'a>> {
    let py = request.py();
    // Both made before anything is borrowed: a first use may wait for another thread making
    // them, with the GIL let go.
    let keys = KEYS.get_or_init(py, || FIELDS.map(|key| PyString::intern(py, key).unbind()));
    let meld_keys = MELD_KEYS.get_or_init(py, || {
        ["type", "tiles"].map(|key| PyString::intern(py, key).unbind())
    });
    let mut fields: [Option<Item<'a, '_>>; FIELDS.len()] = [None; FIELDS.len()];
    // Where the next key is looked for first: requests mostly give the fields in order.
    let mut next = 0;
    // SAFETY: the caller's contract.
    unsafe {
        walk(request, |key, value| {
            let index = key_index(key, keys, next, field_index)?;
            next = index + 1;
            fields[index] = Some(value);
            Some(())
        })?;
    }
    let field = |index: usize| fields[index];
    let mut flags = [false; 11];
    // tsumo … chiihou, then renhou (the last field).
    for (flag, index) in flags.iter_mut().zip((3..13).chain([22])) {
        if let Some(value) = field(index) {
            *flag = value.cast::<PyBool>().ok()?.is_true();
        }
    }
    let wind = |index: usize| field(index).map_or(Some("E"), text);
    let count = |index: usize| field(index).map_or(Some(0), whole);
    let melds = match field(1) {
        None => Vec::new(),
        // SAFETY: the caller's contract.
        Some(melds) => unsafe { items(melds)? }
            .map(|meld| {
                let (kind, tiles) = unsafe { meld_fields(meld, meld_keys)? };
                Some((text(kind)?, text(tiles)?))
            })
            .collect::<Option<Vec<_>>>()?,
    };
    // Indicators as one string or a list of names.
    let indicators = |index: usize| -> Option<TilesRef<'a>> {
        match field(index) {
            None => Some(TilesRef::List(Vec::new())),
            // A string that cannot be read ends the reading there (see `read`'s contract).
            Some(value) if is::<PyString>(value) => text(value).map(TilesRef::Text),
            // SAFETY: the caller's contract.
            Some(value) => unsafe { items(value)? }
                .map(text)
                .collect::<Option<Vec<&str>>>()
                .map(TilesRef::List),
        }
    };
    let rules = match field(19) {
        None => Ok(ScoringRules::default()),
        Some(value) if value.is_none() => Ok(ScoringRules::default()),
        Some(value) if is::<PyString>(value) => tiles_api::mahjong::scoring_preset(text(value)?)
            .map_err(|error| format!("rules: {error}")),
        // SAFETY: the caller's contract.
        Some(value) => Ok(unsafe { switches(cast::<PyDict>(value)?)? }),
    };
    Some(ScoreInput {
        hand: text(field(0)?)?,
        melds,
        win: text(field(2)?)?,
        flags,
        seat_wind: wind(13)?,
        round_wind: wind(14)?,
        dora_indicators: indicators(15)?,
        ura_indicators: indicators(16)?,
        honba: count(17)?,
        riichi_sticks: count(18)?,
        rules,
        kita: count(20)?,
        players: match field(21) {
            None => None,
            Some(value) if value.is_none() => None,
            Some(value) => Some(mahjong::Players::try_from(whole(value)?).ok()?),
        },
    })
}

/// A meld dict's `type` and `tiles` (`keys`, interned), borrowed, or `None` if it is not a
/// dict of those two.
///
/// # Safety
///
/// As for [`read`].
unsafe fn meld_fields<'a, 'py>(
    meld: Item<'a, 'py>,
    keys: &[Py<PyString>; 2],
) -> Option<(Item<'a, 'py>, Item<'a, 'py>)> {
    let meld = cast::<PyDict>(meld)?;
    if meld.len() != 2 {
        return None;
    }
    let mut found: [Option<Item<'a, 'py>>; 2] = [None; 2];
    // SAFETY: the caller's contract.
    unsafe {
        walk(meld, |key, value| {
            let index = key_index(key, keys, 0, |key| match key {
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
///
/// # Safety
///
/// As for [`read`].
unsafe fn switches(fields: Borrowed<'_, '_, PyDict>) -> Option<ScoringRules> {
    let mut rules = ScoringRules::default();
    // SAFETY: the caller's contract.
    unsafe {
        walk(fields, |name, value| {
            if text(name)? == "preset" {
                rules = tiles_api::mahjong::scoring_preset(text(value)?).ok()?;
            }
            Some(())
        })?;
        walk(fields, |name, value| {
            let name = text(name)?;
            if name != "preset" {
                let value = match value.cast::<PyBool>() {
                    Ok(on) => on.is_true().to_string(),
                    Err(_) if is::<PyString>(value) => text(value)?.to_owned(),
                    Err(_) => number(value)?.to_string(),
                };
                rules.set(name, &value).ok()?;
            }
            Some(())
        })?;
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
        "renhou" => 22,
        _ => return None,
    })
}
