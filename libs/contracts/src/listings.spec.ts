import { PickupPointBody, ReceivedBody, UpdatePickupPointBody } from './listings';
import { checkShape } from './shapes';

const point = {
  label: 'Tahrir branch',
  governorate: 'EG-C',
  area: 'Downtown',
  address_line: '12 Talaat Harb Street',
  contact_name: 'Mona Adel',
  contact_phone: '010 1234 5678',
};

const problems = (shape: Parameters<typeof checkShape>[0], body: unknown) => {
  const result = checkShape(shape, body);
  return result.success ? [] : result.messages;
};

describe('PickupPointBody', () => {
  it('stores the phone in E.164 and leaves optional fields out', () => {
    expect(checkShape(PickupPointBody, point)).toEqual({ success: true, data: { ...point, contact_phone: '+201012345678' } });
  });

  it('names a governorate that is not an ISO code, a landline, a position outside Egypt and half a position', () => {
    expect(problems(PickupPointBody, { ...point, governorate: 'Cairo', contact_phone: '02 2345 6789', lat: 45, lng: 31 })).toEqual([
      'governorate must be one of: EG-C, EG-GZ, EG-ALX, EG-KB, EG-SHR, EG-DK, EG-BH, EG-KFS, EG-GH, EG-MNF, EG-DT, EG-PTS, EG-IS, EG-SUZ, EG-SIN, EG-JS, EG-BA, EG-MT, EG-WAD, EG-FYM, EG-BNS, EG-MN, EG-AST, EG-SHG, EG-KN, EG-LX, EG-ASN',
      'lat must be a latitude inside Egypt (21.7 to 31.9)',
      'contact_phone must be an Egyptian mobile number (010, 011, 012 or 015 followed by 8 digits)',
    ]);
    expect(problems(PickupPointBody, { ...point, lat: 30.04 })).toEqual(['lng is required with lat']);
  });
});

describe('UpdatePickupPointBody', () => {
  it('takes any one field, clears a position with two nulls, and refuses an empty change', () => {
    expect(problems(UpdatePickupPointBody, { landmark: 'Green door' })).toEqual([]);
    expect(problems(UpdatePickupPointBody, { lat: null, lng: null })).toEqual([]);
    expect(problems(UpdatePickupPointBody, { lat: null })).toEqual(['lng is required with lat']);
    expect(problems(UpdatePickupPointBody, {})).toEqual(['must change at least one field']);
  });
});

describe('ReceivedBody', () => {
  it('needs something to report', () => {
    expect(problems(ReceivedBody, {})).toEqual(['must report received_quantity, received_weight_kg or a comment']);
    expect(problems(ReceivedBody, { received_quantity: 0 })).toEqual([]);
    expect(problems(ReceivedBody, { received_weight_kg: -1 })).toEqual(['received_weight_kg must be more than 0']);
  });
});
