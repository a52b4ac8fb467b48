// The demo's places: local authorities with sample postcodes, a typical two-bedroom price, the
// neighbourhood each sample postcode district lies in, and a line about the area.

export type RegionGroup = 'london' | 'south' | 'midlands-east' | 'north' | 'scotland-ni';

export interface Place {
  /** ONS local authority code (Postcode.localAuthorityId resolves through it) */
  code: string;
  town: string;
  group: RegionGroup;
  /** typical asking price of a two-bedroom new-build flat, in pounds */
  price2Bed: number;
  /** postcode district -> neighbourhood */
  areas: Record<string, string>;
  blurb: string;
}

const london = (code: string, town: string, price2Bed: number, areas: Record<string, string>, blurb: string): Place => ({
  code,
  town,
  group: 'london',
  price2Bed,
  areas,
  blurb,
});

export const PLACES: Place[] = [
  london('E09000033', 'Westminster', 1_150_000, {
    NW8: "St John's Wood", SW1P: 'Westminster', SW1V: 'Pimlico', SW1X: 'Belgravia', SW7: 'Knightsbridge', W10: "Queen's Park", W1F: 'Soho',
    W1H: 'Marylebone', W1J: 'Mayfair', W1K: 'Mayfair', W1U: 'Marylebone', W1W: 'Fitzrovia', W2: 'Bayswater', W9: 'Maida Vale', WC2E: 'Covent Garden',
  }, 'has the Royal Parks, West End theatres and the Elizabeth line on the doorstep'),
  london('E09000007', 'Camden', 950_000, {
    N1C: "King's Cross", N6: 'Highgate', NW1: 'Camden Town', NW3: 'Hampstead', NW5: 'Kentish Town', NW6: 'West Hampstead', W1T: 'Fitzrovia',
    WC1A: 'Holborn', WC1H: 'Bloomsbury', WC1R: 'Holborn',
  }, "offers Hampstead Heath, Regent's Canal walks and fast links from King's Cross St Pancras"),
  london('E09000030', 'Tower Hamlets', 560_000, { E1: 'Whitechapel', E14: 'Canary Wharf', E1W: 'Wapping', E2: 'Bethnal Green', E3: 'Bow' },
    'combines riverside living with Canary Wharf, Victoria Park and the Elizabeth line'),
  london('E09000028', 'Southwark', 650_000, {
    SE1: 'Bankside', SE15: 'Peckham', SE16: 'Bermondsey', SE17: 'Elephant and Castle', SE21: 'Dulwich', SE22: 'East Dulwich', SE5: 'Camberwell',
  }, 'sits between the Thames, Borough Market and the green spaces of Burgess Park and Dulwich'),
  london('E09000008', 'Croydon', 400_000, {
    CR0: 'Croydon', CR2: 'South Croydon', CR5: 'Coulsdon', CR7: 'Thornton Heath', CR8: 'Purley', SE19: 'Upper Norwood', SE25: 'South Norwood', SW16: 'Norbury',
  }, 'has trams, Boxpark and fast trains to London Bridge, Victoria and Gatwick'),
  london('E09000025', 'Newham', 430_000, {
    E12: 'Manor Park', E13: 'Plaistow', E15: 'Stratford', E16: 'Royal Docks', E20: 'Queen Elizabeth Olympic Park', E6: 'East Ham', E7: 'Forest Gate',
  }, 'is home to the Olympic Park, Westfield Stratford City and the Elizabeth line'),
  london('E09000022', 'Lambeth', 600_000, {
    SE1: 'Waterloo', SE11: 'Kennington', SE19: 'Gipsy Hill', SE27: 'West Norwood', SW16: 'Streatham', SW2: 'Brixton Hill', SW4: 'Clapham', SW8: 'Vauxhall', SW9: 'Brixton',
  }, 'brings together the South Bank, Brockwell Park and the Victoria and Northern lines'),
  london('E09000003', 'Barnet', 560_000, {
    EN5: 'High Barnet', HA8: 'Edgware', N11: 'New Southgate', N12: 'North Finchley', N2: 'East Finchley', N20: 'Whetstone', N3: 'Finchley Central',
    NW11: 'Golders Green', NW2: 'Cricklewood', NW4: 'Hendon', NW7: 'Mill Hill', NW9: 'Colindale',
  }, 'offers leafy suburbs, good schools and the Northern line into central London'),
  {
    code: 'E08000003', town: 'Manchester', group: 'north', price2Bed: 240_000, blurb: 'has Metrolink trams, a thriving food scene and Piccadilly station close by',
    areas: { M1: 'Piccadilly', M11: 'Clayton', M12: 'Ardwick', M14: 'Fallowfield', M18: 'Gorton', M19: 'Levenshulme', M20: 'Didsbury', M21: 'Chorlton', M22: 'Wythenshawe', M23: 'Baguley', M4: 'Ancoats', M40: 'Newton Heath', M8: 'Cheetham Hill', M9: 'Blackley' },
  },
  {
    code: 'E08000006', town: 'Salford', group: 'north', price2Bed: 215_000, blurb: 'puts MediaCityUK, the Quays and Manchester city centre within easy reach',
    areas: { M27: 'Swinton', M28: 'Walkden', M3: 'Greengate', M30: 'Eccles', M38: 'Little Hulton', M44: 'Irlam', M5: 'Salford Quays', M6: 'Pendleton', M7: 'Kersal' },
  },
  {
    code: 'E08000025', town: 'Birmingham', group: 'midlands-east', price2Bed: 215_000, blurb: 'has New Street station, the canal network and the Bullring a short hop away',
    areas: { B12: 'Balsall Heath', B14: 'Kings Heath', B15: 'Edgbaston', B20: 'Handsworth', B23: 'Erdington', B26: 'Sheldon', B27: 'Acocks Green', B29: 'Selly Oak', B3: 'Jewellery Quarter', B31: 'Northfield', B32: 'Quinton', B35: 'Castle Vale', B44: 'Great Barr', B6: 'Aston', B75: 'Sutton Coldfield', B76: 'Walmley', B9: 'Bordesley Green' },
  },
  {
    code: 'E08000035', town: 'Leeds', group: 'north', price2Bed: 210_000, blurb: 'combines a busy city centre, Roundhay Park and quick trains across the Pennines',
    areas: { LS11: 'Holbeck', LS12: 'Armley', LS13: 'Bramley', LS14: 'Seacroft', LS15: 'Cross Gates', LS16: 'Adel', LS17: 'Moortown', LS19: 'Yeadon', LS2: 'Leeds city centre', LS21: 'Otley', LS22: 'Wetherby', LS25: 'Garforth', LS26: 'Rothwell', LS27: 'Morley', LS28: 'Pudsey', LS6: 'Headingley' },
  },
  {
    code: 'E06000023', town: 'Bristol', group: 'south', price2Bed: 340_000, blurb: 'offers the harbourside, independent shops and Temple Meads station',
    areas: { BS1: 'Harbourside', BS10: 'Southmead', BS11: 'Shirehampton', BS13: 'Bishopsworth', BS14: 'Whitchurch', BS16: 'Fishponds', BS3: 'Bedminster', BS4: 'Brislington', BS5: 'Easton', BS6: 'Redland', BS7: 'Bishopston', BS8: 'Clifton', BS9: 'Westbury-on-Trym' },
  },
  {
    code: 'E07000008', town: 'Cambridge', group: 'midlands-east', price2Bed: 450_000, blurb: 'has the colleges, the Backs and a fast cycle network to the science parks',
    areas: { CB1: 'Mill Road', CB2: 'Trumpington', CB3: 'Newnham', CB4: 'Chesterton', CB5: 'Abbey' },
  },
  {
    code: 'E06000042', town: 'Milton Keynes', group: 'midlands-east', price2Bed: 290_000, blurb: 'has redways for walking and cycling, lakes and parkland, and trains to Euston in 35 minutes',
    areas: { MK10: 'Broughton', MK11: 'Stony Stratford', MK13: 'Bradwell', MK15: 'Willen', MK16: 'Newport Pagnell', MK2: 'Bletchley', MK3: 'Far Bletchley', MK46: 'Olney', MK5: 'Shenley Church End', MK6: 'Fishermead', MK7: 'Kents Hill', MK8: 'Crownhill' },
  },
  {
    code: 'E06000038', town: 'Reading', group: 'south', price2Bed: 320_000, blurb: 'is on the Elizabeth line and the Thames Path, with the Oracle and Forbury Gardens nearby',
    areas: { RG1: 'Reading town centre', RG2: 'Whitley', RG30: 'Southcote', RG31: 'Tilehurst', RG4: 'Caversham' },
  },
  {
    code: 'E06000043', town: 'Brighton and Hove', group: 'south', price2Bed: 400_000, blurb: 'has the seafront, the Lanes and the South Downs within easy reach',
    areas: { BN1: 'North Laine', BN2: 'Kemptown', BN3: 'Hove', BN41: 'Portslade' },
  },
  {
    code: 'E07000178', town: 'Oxford', group: 'south', price2Bed: 460_000, blurb: 'offers riverside meadows, historic colleges and fast trains to London',
    areas: { OX1: 'Oxford city centre', OX2: 'Summertown', OX3: 'Headington', OX4: 'Cowley' },
  },
  {
    code: 'E06000016', town: 'Leicester', group: 'midlands-east', price2Bed: 200_000, blurb: 'combines a lively centre, the Golden Mile and direct trains to St Pancras',
    areas: { LE1: 'Leicester city centre', LE2: 'Clarendon Park', LE3: 'Westcotes', LE4: 'Belgrave', LE5: 'Evington' },
  },
  {
    code: 'E06000018', town: 'Nottingham', group: 'midlands-east', price2Bed: 195_000, blurb: 'has NET trams, the Lace Market and the Trent Embankment',
    areas: { NG1: 'Lace Market', NG11: 'Clifton', NG2: 'The Meadows', NG3: 'Sneinton', NG5: 'Sherwood', NG6: 'Bulwell', NG7: 'Lenton', NG8: 'Wollaton' },
  },
  {
    code: 'E08000039', town: 'Sheffield', group: 'north', price2Bed: 185_000, blurb: 'is the greenest city in England, with the Peak District on its doorstep',
    areas: { S1: 'Sheffield city centre', S10: 'Broomhill', S11: 'Ecclesall', S12: 'Gleadless', S13: 'Handsworth', S17: 'Dore', S20: 'Mosborough', S3: 'Kelham Island', S35: 'Chapeltown', S36: 'Stocksbridge', S4: 'Pitsmoor', S5: 'Firth Park', S6: 'Hillsborough', S8: 'Woodseats', S9: 'Darnall' },
  },
  {
    code: 'E08000012', town: 'Liverpool', group: 'north', price2Bed: 165_000, blurb: 'offers the waterfront, the Baltic Triangle and Merseyrail into the centre',
    areas: { L1: 'Ropewalks', L11: 'Norris Green', L12: 'West Derby', L13: 'Old Swan', L15: 'Wavertree', L16: 'Childwall', L17: 'Aigburth', L19: 'Garston', L24: 'Speke', L25: 'Woolton', L4: 'Walton', L5: 'Everton', L6: 'Tuebrook', L7: 'Kensington', L8: 'Toxteth', L9: 'Aintree' },
  },
  {
    code: 'E08000021', town: 'Newcastle upon Tyne', group: 'north', price2Bed: 175_000, blurb: 'has the Quayside, the Metro and the Northumberland coast within reach',
    areas: { NE1: 'Quayside', NE13: 'Hazlerigg', NE15: 'Newburn', NE2: 'Jesmond', NE3: 'Gosforth', NE4: 'Fenham', NE5: 'Westerhope', NE6: 'Heaton', NE7: 'High Heaton' },
  },
  {
    code: 'S12000036', town: 'Edinburgh', group: 'scotland-ni', price2Bed: 300_000, blurb: "offers the Old Town, Arthur's Seat and trams to the airport",
    areas: { EH10: 'Morningside', EH11: 'Gorgie', EH12: 'Corstorphine', EH13: 'Colinton', EH14: 'Slateford', EH15: 'Portobello', EH16: 'Liberton', EH2: 'New Town', EH28: 'Ratho Station', EH30: 'South Queensferry', EH4: 'Blackhall', EH5: 'Granton', EH6: 'Leith', EH8: 'Holyrood', EH9: 'Marchmont' },
  },
  {
    code: 'S12000049', town: 'Glasgow', group: 'scotland-ni', price2Bed: 175_000, blurb: 'has the Subway, Kelvingrove Park and a celebrated music scene',
    areas: { G12: 'Hillhead', G13: 'Anniesland', G15: 'Drumchapel', G2: 'Glasgow city centre', G20: 'Maryhill', G21: 'Springburn', G31: 'Dennistoun', G32: 'Shettleston', G33: 'Riddrie', G34: 'Easterhouse', G42: 'Govanhill', G43: 'Shawlands', G44: 'Cathcart', G51: 'Govan', G52: 'Cardonald', G53: 'Pollok', G69: 'Baillieston' },
  },
  {
    code: 'W06000015', town: 'Cardiff', group: 'south', price2Bed: 230_000, blurb: 'offers Cardiff Bay, Bute Park and quick trains to the valleys and London',
    areas: { CF10: 'Cardiff Bay', CF11: 'Canton', CF14: 'Whitchurch', CF15: 'Radyr', CF23: 'Cyncoed', CF24: 'Roath', CF3: 'Rumney', CF5: 'Llandaff' },
  },
  {
    code: 'N09000003', town: 'Belfast', group: 'scotland-ni', price2Bed: 175_000, blurb: 'has the Titanic Quarter, the Lagan towpath and the Glider rapid transit',
    areas: { BT10: 'Finaghy', BT11: 'Andersonstown', BT13: 'Shankill', BT14: 'Ballysillan', BT15: 'Cliftonville', BT4: 'Belmont', BT5: 'Bloomfield', BT7: 'Ormeau', BT9: 'Malone' },
  },
  {
    code: 'E07000148', town: 'Norwich', group: 'midlands-east', price2Bed: 235_000, blurb: 'combines a medieval centre, the River Wensum and the Norfolk Broads nearby',
    areas: { NR1: 'Riverside', NR2: 'Golden Triangle', NR3: 'Sewell', NR4: 'Eaton', NR5: 'Earlham', NR6: 'Hellesdon', NR7: 'Thorpe St Andrew' },
  },
  {
    code: 'E07000041', town: 'Exeter', group: 'south', price2Bed: 285_000, blurb: 'has the Quayside, the cathedral green and Dartmoor and the coast close by',
    areas: { EX1: 'Heavitree', EX2: 'St Thomas', EX3: 'Topsham', EX4: 'St Davids' },
  },
  {
    code: 'E06000045', town: 'Southampton', group: 'south', price2Bed: 240_000, blurb: 'offers the waterfront, the common and quick access to the New Forest',
    areas: { SO14: 'Ocean Village', SO15: 'Shirley', SO16: 'Bassett', SO17: 'Portswood', SO18: 'Bitterne', SO19: 'Woolston' },
  },
];

/** Districts never used for demo homes: landmark and PO-box postcodes. */
export const EXCLUDED_DISTRICTS = new Set(['SW1A', 'SE1P', 'EC1A']);

export const placeByCode = new Map(PLACES.map((p) => [p.code, p]));

/** "London" for the boroughs, otherwise the town. */
export const cityOf = (place: Place): string => (place.group === 'london' ? 'London' : place.town);
