//! Python objects to JSON values and back, without JSON text: a request's dict is read into a
//! `serde_json::Value` (its fields checked by the API crate's types, which name the field at
//! fault), and a response's value is made into dicts, lists, strings, numbers and `None`.

use pyo3::exceptions::{PyOverflowError, PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::sync::PyOnceLock;
use pyo3::types::{PyBool, PyDict, PyFloat, PyInt, PyList, PyString, PyTuple};
use serde_json::{Map, Number, Value};

/// `object` as a JSON value; `path` names where it is in the request (`melds[0].tiles`), for
/// errors: a type JSON has no place for is a `TypeError` naming the field.
pub fn to_value(object: &Bound<'_, PyAny>, path: &str) -> PyResult<Value> {
    if object.is_none() {
        return Ok(Value::Null);
    }
    if let Ok(text) = object.cast::<PyString>() {
        let text = text.to_str().map_err(|_| {
            PyValueError::new_err(format!(
                "{}: the text holds a lone surrogate, which no request can carry",
                name(path)
            ))
        })?;
        return Ok(Value::String(text.to_owned()));
    }
    if let Ok(flag) = object.cast::<PyBool>() {
        return Ok(Value::Bool(flag.is_true()));
    }
    if object.is_instance_of::<PyInt>() {
        if let Ok(number) = object.extract::<i64>() {
            return Ok(Value::Number(number.into()));
        }
        if let Ok(number) = object.extract::<u64>() {
            return Ok(Value::Number(number.into()));
        }
        return Err(PyOverflowError::new_err(format!(
            "{}: the number {} is too large",
            name(path),
            object.str()?
        )));
    }
    if let Ok(number) = object.cast::<PyFloat>() {
        let number = number.value();
        return Number::from_f64(number).map(Value::Number).ok_or_else(|| {
            PyValueError::new_err(format!("{}: {number} is not a number JSON has", name(path)))
        });
    }
    if let Ok(dict) = object.cast::<PyDict>() {
        let mut fields = Map::with_capacity(dict.len());
        for (key, item) in dict.iter() {
            let Ok(key) = key.cast::<PyString>() else {
                return Err(PyTypeError::new_err(format!(
                    "{}: the keys of a dict are field names (strings), found {}",
                    name(path),
                    kind(&key)
                )));
            };
            let key = key.to_str()?;
            let inner = if path.is_empty() {
                key.to_owned()
            } else {
                format!("{path}.{key}")
            };
            fields.insert(key.to_owned(), to_value(&item, &inner)?);
        }
        return Ok(Value::Object(fields));
    }
    if object.is_instance_of::<PyList>() || object.is_instance_of::<PyTuple>() {
        let mut items = Vec::with_capacity(object.len()?);
        for (index, item) in object.try_iter()?.enumerate() {
            items.push(to_value(&item?, &format!("{path}[{index}]"))?);
        }
        return Ok(Value::Array(items));
    }
    Err(PyTypeError::new_err(format!(
        "{}: expected a string, a number, a boolean, None, a list or a dict, found {}",
        name(path),
        kind(object)
    )))
}

/// A field's name for a message: the request itself has none.
fn name(path: &str) -> &str {
    if path.is_empty() { "the request" } else { path }
}

/// What kind of Python object this is, for a message: `a set`, `a float`.
pub fn kind(object: &Bound<'_, PyAny>) -> String {
    let name = object
        .get_type()
        .name()
        .map_or_else(|_| "object".to_owned(), |name| name.to_string());
    let article = if name.starts_with(['a', 'e', 'i', 'o', 'u']) {
        "an"
    } else {
        "a"
    };
    format!("{article} {name}")
}

/// `value` as Python objects: dicts, lists, strings, ints, floats, bools and `None`.
pub fn to_python<'py>(py: Python<'py>, value: &Value) -> PyResult<Bound<'py, PyAny>> {
    Ok(match value {
        Value::Null => py.None().into_bound(py),
        Value::Bool(flag) => PyBool::new(py, *flag).to_owned().into_any(),
        Value::Number(number) => {
            if let Some(whole) = number.as_i64() {
                whole.into_pyobject(py)?.into_any()
            } else if let Some(whole) = number.as_u64() {
                whole.into_pyobject(py)?.into_any()
            } else {
                number
                    .as_f64()
                    .unwrap_or(f64::NAN)
                    .into_pyobject(py)?
                    .into_any()
            }
        }
        Value::String(text) => PyString::new(py, text).into_any(),
        Value::Array(items) => {
            let list = PyList::empty(py);
            for item in items {
                list.append(to_python(py, item)?)?;
            }
            list.into_any()
        }
        Value::Object(fields) => {
            let dict = PyDict::new(py);
            for (key, item) in fields {
                dict.set_item(key, to_python(py, item)?)?;
            }
            dict.into_any()
        }
    })
}

/// Python's cyclic garbage collector held off, and let go as it was when dropped: while a long
/// list of results is built (each result is a few new dicts and lists, and a collection pass
/// over the growing list every few hundred of them would cost as much as building it), and
/// while `score_many` borrows its requests' values (a collection runs finalizers, which are
/// Python code).
pub struct GcPaused<'py> {
    gc: Option<Bound<'py, PyAny>>,
}

impl<'py> GcPaused<'py> {
    pub fn new(py: Python<'py>) -> PyResult<GcPaused<'py>> {
        // The module, found once (an import by name is a lookup in `sys.modules` each time).
        static GC: PyOnceLock<Py<PyModule>> = PyOnceLock::new();
        let gc = GC
            .get_or_try_init(py, || py.import("gc").map(Bound::unbind))?
            .bind(py)
            .clone()
            .into_any();
        if gc.call_method0("isenabled")?.is_truthy()? {
            gc.call_method0("disable")?;
            Ok(GcPaused { gc: Some(gc) })
        } else {
            Ok(GcPaused { gc: None })
        }
    }
}

impl Drop for GcPaused<'_> {
    fn drop(&mut self) {
        if let Some(gc) = &self.gc {
            let _ = gc.call_method0("enable");
        }
    }
}
