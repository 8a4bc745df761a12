import { addNamespace } from '../../i18n/i18n';
import { impact } from '../../i18n/resources/impact';

// Registered by the impact pages' chunks that import it, so these texts stay out of the landing page.
addNamespace('impact', impact);
