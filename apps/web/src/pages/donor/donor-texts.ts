import { addNamespace } from '../../i18n/i18n';
import { donor } from '../../i18n/resources/donor';

// Registered by the donor screens' chunks that import it, so these texts stay out of the landing page's bundle.
addNamespace('donor', donor);
