//! The game's save files: a JSON object with a format number and the record text,
//! `{"format": 1, "record": "[Game \"Lines of Action\"]\n…"}`, plus whatever else the game keeps.

use serde_json::{Map, Value};

use super::{Location, MAX_RECORD_BYTES, Record, RecordError, RecordErrorKind};

/// The save file format this program writes and the newest it reads.
pub const SAVE_FORMAT: u64 = 1;

/// A save file: the record and the game's other fields.
#[derive(Debug, Clone, PartialEq)]
pub struct SaveFile {
    /// The game.
    pub record: Record,
    /// Every field but `format` and `record` (the game's settings, say), kept as read.
    pub extra: Map<String, Value>,
}

impl SaveFile {
    /// A save file of `record` with no other fields.
    pub fn new(record: Record) -> SaveFile {
        SaveFile {
            record,
            extra: Map::new(),
        }
    }

    /// The JSON text: `format` ([`SAVE_FORMAT`]), `record` (the record text) and the extra
    /// fields, indented.
    pub fn to_json(&self) -> String {
        let mut object = self.extra.clone();
        object.insert("format".into(), Value::from(SAVE_FORMAT));
        object.insert("record".into(), Value::from(self.record.to_string()));
        let mut text = serde_json::to_string_pretty(&Value::Object(object))
            .expect("a JSON value always serialises");
        text.push('\n');
        text
    }
}

/// The JSON reader's message without its " at line L column C" (the location is given apart).
fn json_message(error: &serde_json::Error) -> String {
    let text = error.to_string();
    match text.rfind(" at line ") {
        Some(i) => text[..i].to_string(),
        None => text,
    }
}

/// Reads a save file. Errors in the JSON give the file's line and column; errors in the record
/// text give the line and column inside that text (the message says so).
pub fn read_save(text: &str) -> Result<SaveFile, RecordError> {
    let text = super::read::within_limit(text)?;
    let value: Value = serde_json::from_str(text).map_err(|e| {
        RecordError::at(
            Location {
                line: e.line().max(1),
                column: e.column().max(1),
            },
            RecordErrorKind::SaveJson {
                message: json_message(&e),
            },
        )
    })?;
    let Value::Object(mut object) = value else {
        return Err(RecordError::at(
            Location::START,
            RecordErrorKind::SaveNotObject,
        ));
    };
    let format = match object.remove("format").as_ref().and_then(Value::as_u64) {
        Some(format) if format >= 1 => format,
        _ => {
            return Err(RecordError::at(
                Location::START,
                RecordErrorKind::SaveFormatMissing,
            ));
        }
    };
    if format > SAVE_FORMAT {
        return Err(RecordError::at(
            Location::START,
            RecordErrorKind::SaveFormatTooNew { format },
        ));
    }
    let Some(Value::String(record_text)) = object.remove("record") else {
        return Err(RecordError::at(
            Location::START,
            RecordErrorKind::SaveRecordMissing,
        ));
    };
    let record = Record::parse(&record_text).map_err(|mut e| {
        e.in_save_record = true;
        e
    })?;
    Ok(SaveFile {
        record,
        extra: object,
    })
}

/// Reads a save file (text starting with `{`) or a record.
pub fn read_record_or_save(text: &str) -> Result<Record, RecordError> {
    let body = text.strip_prefix('\u{feff}').unwrap_or(text);
    if text.len() <= MAX_RECORD_BYTES && body.trim_start().starts_with('{') {
        read_save(text).map(|save| save.record)
    } else {
        Record::parse(text)
    }
}

/// Reads the bytes of a record or save file: checks the size and that the text is UTF-8 (an
/// error gives where the first bad byte is), then [`read_record_or_save`].
pub fn read_record_or_save_bytes(bytes: &[u8]) -> Result<Record, RecordError> {
    if bytes.len() > MAX_RECORD_BYTES {
        return Err(RecordError::at(
            Location::START,
            RecordErrorKind::TooLarge {
                size: bytes.len(),
                limit: MAX_RECORD_BYTES,
            },
        ));
    }
    match std::str::from_utf8(bytes) {
        Ok(text) => read_record_or_save(text),
        Err(e) => {
            let good = std::str::from_utf8(&bytes[..e.valid_up_to()]).unwrap_or_default();
            let line = good.matches('\n').count() + 1;
            let column = good.rsplit('\n').next().unwrap_or("").chars().count() + 1;
            Err(RecordError::at(
                Location { line, column },
                RecordErrorKind::NotUtf8,
            ))
        }
    }
}
