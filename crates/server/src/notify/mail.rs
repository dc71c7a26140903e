//! Mail through the operator's mail server (`--smtp`): `lettre`'s SMTP client on tokio. Every
//! mail but the confirmation carries its stop link in its text and in the `List-Unsubscribe`
//! and `List-Unsubscribe-Post` headers (RFC 8058: a mail program's one-click stop).

use std::time::Duration;

use lettre::message::Mailbox;
use lettre::message::header::{ContentType, HeaderName, HeaderValue};
use lettre::{AsyncSmtpTransport, AsyncTransport, Message, Tokio1Executor};

/// How long one conversation with the mail server may take.
const SMTP_TIMEOUT: Duration = Duration::from_secs(30);

/// One mail to send.
#[derive(Debug, Clone)]
pub struct Mail {
    pub to: String,
    pub subject: String,
    pub body: String,
    /// The stop link, for the `List-Unsubscribe` headers (the confirmation has none: nothing
    /// more is sent unless it is followed).
    pub stop: Option<String>,
}

/// The operator's mail server, and the address the mails come from.
pub struct Mailer {
    transport: AsyncSmtpTransport<Tokio1Executor>,
    from: Mailbox,
}

impl Mailer {
    /// A mailer to the server at `url` (`smtp://host:port` plain, `smtp://host:port?tls=required`
    /// with STARTTLS, `smtps://host:port`; a user and password in it if the server asks),
    /// sending from `from` (`Gamut <tables@example.org>`).
    pub fn new(url: &str, from: &str) -> Result<Mailer, String> {
        let from: Mailbox = from
            .parse()
            .map_err(|e| format!("the from-address {from:?}: {e}"))?;
        let transport = AsyncSmtpTransport::<Tokio1Executor>::from_url(url)
            .map_err(|e| format!("the mail server's address {url:?}: {e}"))?
            .timeout(Some(SMTP_TIMEOUT))
            .build();
        Ok(Mailer { transport, from })
    }

    /// Sends one mail.
    pub async fn send(&self, mail: &Mail) -> Result<(), String> {
        let message = message(&self.from, mail).map_err(|e| format!("a mail not made: {e}"))?;
        self.transport
            .send(message)
            .await
            .map(|_| ())
            .map_err(|e| format!("the mail server: {e}"))
    }
}

/// Whether the mail library takes `address` as a recipient.
pub fn deliverable(address: &str) -> bool {
    address.parse::<lettre::Address>().is_ok()
}

/// The mail as sent: plain text in UTF-8, with its stop headers.
fn message(from: &Mailbox, mail: &Mail) -> Result<Message, String> {
    let to: Mailbox = mail.to.parse().map_err(|e| format!("{e}"))?;
    let mut builder = Message::builder()
        .from(from.clone())
        .to(to)
        .subject(mail.subject.clone())
        .header(ContentType::TEXT_PLAIN);
    if let Some(stop) = &mail.stop {
        builder = builder
            .raw_header(HeaderValue::new(
                HeaderName::new_from_ascii_str("List-Unsubscribe"),
                format!("<{stop}>"),
            ))
            .raw_header(HeaderValue::new(
                HeaderName::new_from_ascii_str("List-Unsubscribe-Post"),
                "List-Unsubscribe=One-Click".to_string(),
            ));
    }
    builder.body(mail.body.clone()).map_err(|e| format!("{e}"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_mail_has_its_stop_headers() {
        let from: Mailbox = "Gamut <tables@example.org>".parse().unwrap();
        let mail = Mail {
            to: "ann@example.org".into(),
            subject: "À vous de jouer".into(),
            body: "Table ABCDE".into(),
            stop: Some("https://example.org/notify/stop?t=00ff".into()),
        };
        let text = String::from_utf8(message(&from, &mail).unwrap().formatted()).unwrap();
        assert!(text.contains("List-Unsubscribe: <https://example.org/notify/stop?t=00ff>"));
        assert!(text.contains("List-Unsubscribe-Post: List-Unsubscribe=One-Click"));
        let bad = Mail {
            to: "ann@example.org\r\nBcc: x@example.org".into(),
            ..mail
        };
        assert!(message(&from, &bad).is_err());
    }
}
