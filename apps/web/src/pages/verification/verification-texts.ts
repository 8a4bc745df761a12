import { addNamespace } from '../../i18n/i18n';
import { verification } from '../../i18n/resources/verification';

// Registered by the chunks that import it (the charity area, the donor dashboard, the operator console),
// so these texts stay out of the landing page's bundle.
addNamespace('verification', verification);
