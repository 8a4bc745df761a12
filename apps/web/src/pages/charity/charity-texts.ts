import { addNamespace } from '../../i18n/i18n';
import { charity } from '../../i18n/resources/charity';

// Registered by the charity screens' chunks that import it, so these texts stay out of the landing page's bundle.
addNamespace('charity', charity);
