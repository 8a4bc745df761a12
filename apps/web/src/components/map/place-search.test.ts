import { foldPlaceName, searchPlaces } from './place-search';

const names = (query: string) => searchPlaces(query).map((place) => place.en);

describe("the pin picker's area search", () => {
  it('finds governorates and their capitals by the start of an English name', () => {
    expect(names('mans')).toEqual(['Mansoura']);
    expect(searchPlaces('Mansoura')[0]).toMatchObject({ governorate: 'EG-DK', lat: 31.04, lng: 31.38 });
    expect(names('Alex')).toEqual(['Alexandria']);
    expect(names('tor')).toEqual(['El Tor']);
  });

  it('finds Arabic names however the hamza, taa marbuta and alef maqsura are written', () => {
    expect(names('المنصوره')).toEqual(['Mansoura']);
    expect(names('اسكندرية')).toEqual(['Alexandria']);
    expect(names('بني سويف')).toEqual(['Beni Suef']);
    expect(foldPlaceName('الإسكندرية')).toBe(foldPlaceName('اسكندريه'));
  });

  it('puts names starting with the query before names containing it, and finds nothing for nothing', () => {
    expect(names('sh')[0]).toBe('Sharqia');
    expect(names('sh')).toContain('Kafr El Sheikh');
    expect(names('')).toEqual([]);
    expect(names('   ')).toEqual([]);
    expect(names('Paris')).toEqual([]);
  });
});
