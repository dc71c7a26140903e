//! Being told when it is your move at a correspondence table (issue #51): what a seated player
//! leaves for their seat ([`NotifyAsk`]: an email address, the page's Web Push subscription,
//! the reminders before the clock runs out, their language), each value checked when it is
//! read, as every value of the protocol. The server checks them again (a push endpoint it may
//! reach, a key that is a point of the curve) before it keeps them.

use std::fmt;

use serde::{Deserialize, Serialize};
use thiserror::Error;

/// The longest email address read (RFC 5321's path limit).
pub const MAX_EMAIL_CHARS: usize = 254;
/// The longest push endpoint read (the browsers' push services give a few hundred).
pub const MAX_ENDPOINT_CHARS: usize = 1024;
/// The longest key of a push subscription read, in base64url (a P-256 point is 87).
pub const MAX_PUSH_KEY_CHARS: usize = 128;
/// The most reminders a seat asks for.
pub const MAX_REMINDERS: usize = 4;
/// The earliest reminder, in hours before the clock runs out (a week: the longest clock).
pub const MAX_REMINDER_HOURS: u16 = 7 * 24;
/// The longest language tag read (`en`, `fr-CA`, `it`...).
pub const MAX_LANG_CHARS: usize = 35;

/// A value of a notice's wish that a message cannot carry.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Error)]
pub enum NotifyValueError {
    #[error("an email address is local@domain, at most {MAX_EMAIL_CHARS} characters")]
    Email,
    #[error("a push endpoint is an http(s) address of at most {MAX_ENDPOINT_CHARS} characters")]
    Endpoint,
    #[error("a push key is base64url, at most {MAX_PUSH_KEY_CHARS} characters")]
    PushKey,
    #[error("at most {MAX_REMINDERS} reminders, each 1 to {MAX_REMINDER_HOURS} hours")]
    Reminders,
    #[error("a language tag is letters, digits and hyphens, at most {MAX_LANG_CHARS}")]
    Lang,
}

/// What a seated player asks to be told by, for their seat (a new ask replaces the last; one
/// with neither an address nor a subscription stops every notice for the seat).
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct NotifyAsk {
    /// Mail to this address (once it is confirmed).
    #[serde(default)]
    pub email: Option<Email>,
    /// The page's Web Push subscription (`PushSubscription.toJSON()`).
    #[serde(default)]
    pub push: Option<PushSubscription>,
    /// Reminders this many hours before the clock runs out.
    #[serde(default)]
    pub reminders: Reminders,
    /// The player's language (the mails' words); English when none or not one of the
    /// server's.
    #[serde(default)]
    pub lang: Option<Lang>,
}

/// How a seat's notices stand, the answer to a [`NotifyAsk`].
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum MailState {
    /// A mail with a link to confirm the address was sent (or was, not long ago): nothing
    /// else is sent to it until the link is followed.
    Confirming,
    /// The address is confirmed.
    Confirmed,
}

/// Why a notice's wish was refused.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum NotifyRefusal {
    /// This server sends no such notice (no mail server, or no Web Push, configured).
    Off,
    /// Only a correspondence game's players are told (a live game is watched).
    NotCorrespondence,
    /// The server cannot send to this address.
    BadEmail,
    /// The subscription's endpoint or keys are not ones the server can send to.
    BadSubscription,
    /// This seat has had as many confirmation mails sent today as it may (a seat cannot make
    /// the server mail address after address).
    TooMany,
}

/// An email address: `local@domain`, printable ASCII without spaces, quotes or brackets (an
/// address of another form is refused rather than read wrong), the domain's labels of letters,
/// digits and hyphens, at least two of them.
#[derive(Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(try_from = "String", into = "String")]
pub struct Email(String);

impl Email {
    pub fn parse(text: &str) -> Result<Email, NotifyValueError> {
        let text = text.trim();
        let (local, domain) = text.rsplit_once('@').ok_or(NotifyValueError::Email)?;
        let local_fits = (1..=64).contains(&local.len())
            && local
                .bytes()
                .all(|b| b.is_ascii_graphic() && !b"\"<>()[]\\,;:@".contains(&b));
        let labels: Vec<&str> = domain.split('.').collect();
        let domain_fits = domain.len() <= 253
            && labels.len() >= 2
            && labels.iter().all(|label| {
                (1..=63).contains(&label.len())
                    && !label.starts_with('-')
                    && !label.ends_with('-')
                    && label
                        .bytes()
                        .all(|b| b.is_ascii_alphanumeric() || b == b'-')
            });
        if text.len() <= MAX_EMAIL_CHARS && local_fits && domain_fits {
            Ok(Email(format!("{local}@{}", domain.to_ascii_lowercase())))
        } else {
            Err(NotifyValueError::Email)
        }
    }

    pub fn as_str(&self) -> &str {
        &self.0
    }
}

/// Never written out whole in a log.
impl fmt::Debug for Email {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let domain = self.0.rsplit_once('@').map_or("", |(_, d)| d);
        write!(f, "Email(…@{domain})")
    }
}

impl TryFrom<String> for Email {
    type Error = NotifyValueError;
    fn try_from(text: String) -> Result<Email, NotifyValueError> {
        Email::parse(&text)
    }
}

impl From<Email> for String {
    fn from(email: Email) -> String {
        email.0
    }
}

/// A browser's Web Push subscription, as `PushSubscription.toJSON()` writes it.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
pub struct PushSubscription {
    pub endpoint: Endpoint,
    /// When the subscription expires (unix ms), if the browser says.
    #[serde(default)]
    pub expiration_time: Option<f64>,
    pub keys: PushKeys,
}

/// The subscription's keys: the browser's P-256 public key and its 16-byte secret, base64url.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PushKeys {
    pub p256dh: PushKey,
    pub auth: PushKey,
}

/// A push service's address for one subscription: `https://…` (or `http://`, which the
/// server takes only when its operator allows it), printable ASCII.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(try_from = "String", into = "String")]
pub struct Endpoint(String);

impl Endpoint {
    pub fn parse(text: &str) -> Result<Endpoint, NotifyValueError> {
        let scheme = text.starts_with("https://") || text.starts_with("http://");
        if scheme && text.len() <= MAX_ENDPOINT_CHARS && text.bytes().all(|b| b.is_ascii_graphic())
        {
            Ok(Endpoint(text.to_string()))
        } else {
            Err(NotifyValueError::Endpoint)
        }
    }

    pub fn as_str(&self) -> &str {
        &self.0
    }
}

impl TryFrom<String> for Endpoint {
    type Error = NotifyValueError;
    fn try_from(text: String) -> Result<Endpoint, NotifyValueError> {
        Endpoint::parse(&text)
    }
}

impl From<Endpoint> for String {
    fn from(endpoint: Endpoint) -> String {
        endpoint.0
    }
}

/// A key of a subscription: base64url (padding allowed), 1 to [`MAX_PUSH_KEY_CHARS`].
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(try_from = "String", into = "String")]
pub struct PushKey(String);

impl PushKey {
    pub fn parse(text: &str) -> Result<PushKey, NotifyValueError> {
        let base64url = |b: u8| b.is_ascii_alphanumeric() || b"-_=".contains(&b);
        if (1..=MAX_PUSH_KEY_CHARS).contains(&text.len()) && text.bytes().all(base64url) {
            Ok(PushKey(text.to_string()))
        } else {
            Err(NotifyValueError::PushKey)
        }
    }

    pub fn as_str(&self) -> &str {
        &self.0
    }
}

impl TryFrom<String> for PushKey {
    type Error = NotifyValueError;
    fn try_from(text: String) -> Result<PushKey, NotifyValueError> {
        PushKey::parse(&text)
    }
}

impl From<PushKey> for String {
    fn from(key: PushKey) -> String {
        key.0
    }
}

/// The reminders a seat asks for: hours before its clock runs out, at most
/// [`MAX_REMINDERS`], each 1 to [`MAX_REMINDER_HOURS`], the earliest first, none twice.
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(try_from = "Vec<u16>", into = "Vec<u16>")]
pub struct Reminders(Vec<u16>);

impl Reminders {
    pub fn new(mut hours: Vec<u16>) -> Result<Reminders, NotifyValueError> {
        let fits = hours.len() <= MAX_REMINDERS
            && hours.iter().all(|h| (1..=MAX_REMINDER_HOURS).contains(h));
        if !fits {
            return Err(NotifyValueError::Reminders);
        }
        hours.sort_unstable_by(|a, b| b.cmp(a));
        hours.dedup();
        Ok(Reminders(hours))
    }

    /// The hours, the earliest reminder (the most hours) first.
    pub fn hours(&self) -> &[u16] {
        &self.0
    }
}

impl TryFrom<Vec<u16>> for Reminders {
    type Error = NotifyValueError;
    fn try_from(hours: Vec<u16>) -> Result<Reminders, NotifyValueError> {
        Reminders::new(hours)
    }
}

impl From<Reminders> for Vec<u16> {
    fn from(reminders: Reminders) -> Vec<u16> {
        reminders.0
    }
}

/// A language tag (BCP 47's letters, digits and hyphens), as a browser or the game says it.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(try_from = "String", into = "String")]
pub struct Lang(String);

impl Lang {
    pub fn parse(text: &str) -> Result<Lang, NotifyValueError> {
        let fits = (1..=MAX_LANG_CHARS).contains(&text.len())
            && text.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'-');
        if fits {
            Ok(Lang(text.to_string()))
        } else {
            Err(NotifyValueError::Lang)
        }
    }

    pub fn as_str(&self) -> &str {
        &self.0
    }
}

impl TryFrom<String> for Lang {
    type Error = NotifyValueError;
    fn try_from(text: String) -> Result<Lang, NotifyValueError> {
        Lang::parse(&text)
    }
}

impl From<Lang> for String {
    fn from(lang: Lang) -> String {
        lang.0
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn addresses_are_read_or_refused() {
        assert_eq!(
            Email::parse(" ann@Example.ORG ").unwrap().as_str(),
            "ann@example.org"
        );
        assert!(Email::parse("ann.b+games@mail.example.org").is_ok());
        for bad in [
            "",
            "ann",
            "@example.org",
            "ann@",
            "ann@localhost",
            "ann@exa mple.org",
            "a\"nn@example.org",
            "ann@-x.org",
            "ann@example..org",
            "ann\r\n@example.org",
            "ann@example.org>\r\nBcc: x@y.z",
        ] {
            assert!(Email::parse(bad).is_err(), "{bad:?}");
        }
        assert!(Email::parse(&format!("{}@example.org", "a".repeat(65))).is_err());
    }

    #[test]
    fn a_browsers_subscription_is_read() {
        let text = r#"{"endpoint":"https://push.example.net/send/abc","expirationTime":null,
            "keys":{"p256dh":"BNc-_x","auth":"tBHItJI5svbpez7KI4CCXg"}}"#;
        let sub: PushSubscription = serde_json::from_str(text).unwrap();
        assert_eq!(sub.endpoint.as_str(), "https://push.example.net/send/abc");
        assert!(
            serde_json::from_str::<PushSubscription>(
                r#"{"endpoint":"ftp://x","keys":{"p256dh":"a","auth":"b"}}"#
            )
            .is_err()
        );
        assert!(
            serde_json::from_str::<PushSubscription>(
                r#"{"endpoint":"https://x","keys":{"p256dh":"a b","auth":"b"}}"#
            )
            .is_err()
        );
    }

    #[test]
    fn reminders_are_bounded_and_sorted() {
        assert_eq!(Reminders::new(vec![1, 24, 1]).unwrap().hours(), &[24, 1]);
        assert!(Reminders::new(vec![0]).is_err());
        assert!(Reminders::new(vec![169]).is_err());
        assert!(Reminders::new(vec![1, 2, 3, 4, 5]).is_err());
        assert!(Lang::parse("fr-CA").is_ok());
        assert!(Lang::parse("fr_CA").is_err());
        assert!(Lang::parse(&"a".repeat(36)).is_err());
    }
}
