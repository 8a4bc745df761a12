import { addNamespace } from '../../i18n/i18n';
import { auth } from '../../i18n/resources/auth';

// Registered by the auth screens' chunks that import it, so these texts stay out of the landing page's bundle.
addNamespace('auth', auth);
