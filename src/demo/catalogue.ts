// Words the demo data is made of: development names, streets, property types, features and specifications.

export const DEVELOPMENT_STEMS = [
  'Canal Wharf', 'Orchard Gardens', 'Maltings Yard', 'Foundry Place', 'Weavers Quarter', 'The Printworks', 'Station Quarter', 'Brewery Yard',
  'Mill Reach', 'Riverside Court', "Lock Keeper's Quay", 'Signal Point', 'Cooperage Row', 'Tannery Square', 'Ropemakers Walk', 'Linen Works',
  'Goods Yard', 'Chapel Rise', 'Beacon Heights', 'Meadow View', 'Willow Park', 'Kingfisher Place', 'Heron Reach', 'Larch Court',
  'Hawthorn Green', 'Oak Tree Mews', 'Bluebell Fields', 'Ironworks', 'Saddlers Yard', 'Clockhouse Square', 'Glassworks', 'Brickfields',
  'Sawmill Court', 'Vinery Way', 'Parkside', 'Quarry Gardens', 'Ferry Landing', 'Coach House Yard', 'Pavilion Gardens', 'Market Hall Lofts',
  'Harbour Point', 'Dockside', 'Cedar House', 'Elm Grove', 'Lime Tree Square', 'Cotton Exchange', 'Tramshed Lane', 'Observatory Place',
] as const;

export const STREETS = [
  'Station Road', 'Mill Lane', 'Canal Street', 'Victoria Road', 'Church Street', 'Park Road', 'Wharf Road', 'Albert Road', 'Chapel Street',
  'Queen Street', 'High Street', 'Market Street', 'Bridge Street', 'Railway Terrace', 'King Street', 'New Road', 'Grove Road', 'Green Lane',
] as const;

export type TypeGroup = 'house' | 'flat' | 'maisonette' | 'bungalow' | 'other';

/** property types of each group, with weights */
export const PROPERTY_TYPES: Record<TypeGroup, readonly (readonly [string, number])[]> = {
  flat: [['Apartment', 86], ['Duplex apartment', 9], ['Penthouse apartment', 5]],
  house: [['Terraced house', 30], ['Semi-detached house', 30], ['End-of-terrace house', 20], ['Townhouse', 12], ['Detached house', 8]],
  maisonette: [['Maisonette', 1]],
  bungalow: [['Semi-detached bungalow', 2], ['Detached bungalow', 1]],
  other: [['Coach house', 1]],
};

export const PARKING = {
  flat: ['Allocated parking space', 'Underground parking', 'Car club membership', 'Electric vehicle charging point'],
  house: ['Driveway', 'Allocated parking space', 'Garage', 'Electric vehicle charging point'],
} as const;

export const OUTSIDE_SPACE = {
  flat: ['Balcony', 'Roof terrace', 'Communal garden', 'Winter garden'],
  house: ['Private garden', 'Patio', 'Front garden'],
} as const;

export const ACCESSIBILITY = ['Step-free access', 'Lift access', 'Wheelchair accessible', 'Level-access shower'] as const;
export const HEATING = ['Air source heat pump', 'Communal heating', 'Gas central heating', 'Underfloor heating', 'Solar panels'] as const;
export const BUILDING = ['Concierge', 'Secure bike store', 'Residents’ gym', 'Parcel room', 'Residents’ lounge', 'Video entry system'] as const;

export const FLOOR_NAMES = ['Ground floor', 'First floor', 'Second floor', 'Third floor', 'Fourth floor', 'Fifth floor', 'Sixth floor', 'Seventh floor'];
export const floorName = (level: number): string => FLOOR_NAMES[level] ?? `${level}th floor`;

export const SPECIFICATIONS = [
  { name: 'Kitchen', description: 'Handleless kitchen with quartz worktops, integrated oven, induction hob, fridge freezer and dishwasher.' },
  { name: 'Bathroom', description: 'White sanitaryware with chrome fittings, thermostatic shower over the bath and porcelain wall tiles.' },
  { name: 'Heating and energy', description: 'Highly insulated walls and triple glazing keep energy bills low; every home has smart heating controls.' },
  { name: 'Flooring', description: 'Wood-effect flooring in the kitchen, living area and hall; carpets to the bedrooms.' },
  { name: 'Security', description: 'Video entry system, multi-point locking front door and mains-wired smoke and heat detectors.' },
  { name: 'Electrical', description: 'LED downlights, USB sockets in the kitchen and bedrooms and full-fibre broadband to every home.' },
  { name: 'Warranty', description: 'Each home comes with a ten-year new-home warranty.' },
] as const;

export const SELLING_POINTS = [
  'bright open-plan living spaces',
  'generous storage',
  'floor-to-ceiling windows',
  'private outside space',
  'access to landscaped gardens',
  'low running costs',
  'a secure cycle store',
  'electric car charging',
] as const;
