import { addNamespace } from '../../i18n/i18n';
import { listing } from '../../i18n/resources/listing';

// Registered by the donor and charity chunks that import it, so these texts stay out of the landing page.
addNamespace('listing', listing);
