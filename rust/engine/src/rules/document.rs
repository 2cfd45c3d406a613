//! The normalised ruleset document every family compiles from: the validated file, flattened into named
//! entries (`options.cap`, `fans.ping_hu`, `patterns.ji_hu`), each holding a flag, an integer, a text or a list.
//! The Python loader validates and normalises a TOML file (defaults filled in, aliases resolved) and hands its
//! document over in this one shape, whatever the family; each family's `compile` reads the entries it needs
//! by name, so no positional order is shared between the languages.

use crate::error::{EngineError, Result};

/// One entry's value.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Value {
    Flag(bool),
    Int(i64),
    Text(String),
    List(Vec<Value>),
}

impl Value {
    /// The value as an option's text (`true`/`false`, the decimal integer, the text itself).
    pub fn as_text(&self) -> String {
        match self {
            Value::Flag(flag) => flag.to_string(),
            Value::Int(n) => n.to_string(),
            Value::Text(text) => text.clone(),
            Value::List(items) => items
                .iter()
                .map(Value::as_text)
                .collect::<Vec<_>>()
                .join(","),
        }
    }

    fn kind(&self) -> &'static str {
        match self {
            Value::Flag(_) => "a flag",
            Value::Int(_) => "an integer",
            Value::Text(_) => "a text",
            Value::List(_) => "a list",
        }
    }
}

/// A ruleset's normalised document: its family (`meta.family`), its name and its entries in file order.
#[derive(Clone, Debug, Default)]
pub struct Document {
    pub family: String,
    pub name: String,
    pub entries: Vec<(String, Value)>,
}

impl Document {
    pub fn new(
        family: impl Into<String>,
        name: impl Into<String>,
        entries: Vec<(String, Value)>,
    ) -> Document {
        Document {
            family: family.into(),
            name: name.into(),
            entries,
        }
    }

    fn refuse(&self, key: &str, what: impl std::fmt::Display) -> EngineError {
        EngineError::ruleset(format!("ruleset {}: {key}: {what}", self.name))
    }

    /// The value at `key`, refused by name when absent.
    pub fn get(&self, key: &str) -> Result<&Value> {
        self.entries
            .iter()
            .find(|(k, _)| k == key)
            .map(|(_, v)| v)
            .ok_or_else(|| self.refuse(key, "missing from the compiled document"))
    }

    fn wrong(&self, key: &str, expected: &str, value: &Value) -> EngineError {
        self.refuse(key, format!("expected {expected}, got {}", value.kind()))
    }

    pub fn flag(&self, key: &str) -> Result<bool> {
        match self.get(key)? {
            Value::Flag(flag) => Ok(*flag),
            other => Err(self.wrong(key, "a flag", other)),
        }
    }

    /// The integer at `key`, which must fit `T` (a narrower type refuses it by name).
    pub fn int<T: TryFrom<i64>>(&self, key: &str) -> Result<T> {
        self.int_of(key, self.get(key)?)
    }

    /// `value` (found at `key`) as an integer that fits `T`.
    pub fn int_of<T: TryFrom<i64>>(&self, key: &str, value: &Value) -> Result<T> {
        match value {
            Value::Int(n) => T::try_from(*n).map_err(|_| {
                self.refuse(
                    key,
                    format!("{n} is out of range ({})", std::any::type_name::<T>()),
                )
            }),
            other => Err(self.wrong(key, "an integer", other)),
        }
    }

    pub fn text(&self, key: &str) -> Result<&str> {
        match self.get(key)? {
            Value::Text(text) => Ok(text),
            other => Err(self.wrong(key, "a text", other)),
        }
    }

    /// The texts of the list at `key`.
    pub fn texts(&self, key: &str) -> Result<Vec<&str>> {
        self.texts_of(key, self.get(key)?)
    }

    pub fn texts_of<'a>(&self, key: &str, value: &'a Value) -> Result<Vec<&'a str>> {
        match value {
            Value::List(items) => items
                .iter()
                .map(|item| match item {
                    Value::Text(text) => Ok(text.as_str()),
                    other => Err(self.wrong(key, "a list of texts", other)),
                })
                .collect(),
            other => Err(self.wrong(key, "a list", other)),
        }
    }

    /// The choice at `key` (a text) as its value in `choices`, refused with the allowed names.
    pub fn choice<T: Copy>(&self, key: &str, choices: &[(&str, T)]) -> Result<T> {
        let text = self.text(key)?;
        choices
            .iter()
            .find(|(name, _)| *name == text)
            .map(|&(_, value)| value)
            .ok_or_else(|| {
                let names: Vec<&str> = choices.iter().map(|(name, _)| *name).collect();
                self.refuse(key, format!("{text:?} is not one of {}", names.join(", ")))
            })
    }

    /// The entries under `section` (`"fans"` → every `fans.<key>`), as (key, value) in file order.
    pub fn section<'a>(&'a self, section: &'a str) -> impl Iterator<Item = (&'a str, &'a Value)> {
        self.entries.iter().filter_map(move |(k, v)| {
            k.strip_prefix(section)
                .and_then(|rest| rest.strip_prefix('.'))
                .map(|key| (key, v))
        })
    }

    /// The integer rows of `section` in the order of `keys` (the engine's order), each required.
    pub fn rows<T: TryFrom<i64>>(&self, section: &str, keys: &[&str]) -> Result<Vec<T>> {
        let known: Vec<&str> = self.section(section).map(|(k, _)| k).collect();
        if let Some(unknown) = known.iter().find(|k| !keys.contains(k)) {
            return Err(self.refuse(
                &format!("{section}.{unknown}"),
                "not a row the engine scores",
            ));
        }
        keys.iter()
            .map(|key| self.int(&format!("{section}.{key}")))
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn doc() -> Document {
        Document::new(
            "f",
            "t",
            vec![
                ("options.cap".into(), Value::Int(8)),
                ("options.on".into(), Value::Flag(true)),
                ("options.mode".into(), Value::Text("b".into())),
                ("fans.x".into(), Value::Int(1)),
                ("fans.y".into(), Value::Int(2)),
            ],
        )
    }

    #[test]
    fn entries_are_read_by_name_and_refused_by_name() {
        let d = doc();
        assert_eq!(d.int::<u8>("options.cap").unwrap(), 8);
        assert!(d.flag("options.on").unwrap());
        assert_eq!(d.choice("options.mode", &[("a", 0), ("b", 1)]).unwrap(), 1);
        let e = d.choice("options.mode", &[("a", 0)]).unwrap_err();
        assert!(e.to_string().contains("options.mode") && e.to_string().contains("\"b\""));
        assert!(d
            .int::<u8>("options.on")
            .unwrap_err()
            .to_string()
            .contains("expected an integer"));
        assert!(d
            .flag("options.gone")
            .unwrap_err()
            .to_string()
            .contains("options.gone: missing"));
        assert_eq!(d.rows::<u16>("fans", &["y", "x"]).unwrap(), vec![2, 1]);
        assert!(d
            .rows::<u16>("fans", &["x"])
            .unwrap_err()
            .to_string()
            .contains("fans.y"));
        let wide = Document::new("f", "t", vec![("n".into(), Value::Int(300))]);
        assert!(wide
            .int::<u8>("n")
            .unwrap_err()
            .to_string()
            .contains("300 is out of range"));
    }
}
