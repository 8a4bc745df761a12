import { addNamespace } from '../../i18n/i18n';
import { moderation } from '../../i18n/resources/moderation';

// Registered by the chunks that import it (the donor dashboard, the operator console), so these texts stay
// out of the landing page's bundle.
addNamespace('moderation', moderation);
