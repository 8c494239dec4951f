"""The site's mail (optional: only where the operator configured SMTP): addresses confirmed, password reset
links and your-move notices at tables that take days (:mod:`.feature`), sent in the background (:mod:`.mailer`)."""

from tabletop.server.site.mail.feature import Mail
from tabletop.server.site.mail.mailer import BadSmtpUrl, Mailer, Smtp

__all__ = ["BadSmtpUrl", "Mail", "Mailer", "Smtp"]
