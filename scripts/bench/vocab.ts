// The seeded vocabulary the synthetic people are made of: names, places, activities, foods, jobs, organisations,
// pets and the words around them. Facts, questions and ingest messages are all drawn from these lists, so the
// full-text, vector and entity channels find real matches. Invented for the benchmark; nothing is copied from
// any dataset.

export const FIRST_NAMES = [
  'Maya', 'Liam', 'Sofia', 'Noah', 'Amara', 'Ethan', 'Lena', 'Mateo', 'Priya', 'Oliver', 'Chloe', 'Kenji', 'Nora',
  'Diego', 'Hana', 'Lucas', 'Zara', 'Samuel', 'Elena', 'Omar', 'Ingrid', 'Jonah', 'Aisha', 'Felix', 'Rosa', 'Tariq',
  'Greta', 'Malik', 'Yuki', 'Henry', 'Leila', 'Bruno', 'Clara', 'Ravi', 'Iris', 'Marcus', 'Naomi', 'Theo', 'Freya',
  'Caleb', 'Anika', 'Gabriel', 'Mei', 'Oscar', 'Lucia', 'Idris', 'Sienna', 'Victor', 'Esme', 'Jasper', 'Farah',
  'Rowan', 'Talia', 'Milo', 'Beatriz', 'Arjun', 'Vera', 'Hugo', 'Selin', 'Elias', 'Dalia', 'Owen', 'Keiko', 'Simon',
  'Alma', 'Rafael', 'Linnea', 'Kofi', 'Ada', 'Tomas', 'Imani', 'Leon', 'Paloma', 'Nikhil', 'Astrid', 'Julian',
  'Soraya', 'Emil', 'Wren', 'Dmitri', 'Celeste', 'Ismael', 'Petra', 'Quinn', 'Lorenzo', 'Yara', 'August', 'Nadia',
  'Casper', 'Mina', 'Silas', 'Anya', 'Reuben', 'Marisol', 'Anton', 'Keira', 'Bastian', 'Lila', 'Cyrus', 'Elif',
];

export const LAST_NAMES = [
  'Chen', 'Okafor', 'Lindqvist', 'Moreau', 'Haddad', 'Tanaka', 'Novak', 'Alvarez', 'Fischer', 'Nakamura', 'Rossi',
  'Kowalski', 'Mensah', 'Oyelaran', 'Brennan', 'Costa', 'Dubois', 'Ekström', 'Farouk', 'Gallagher', 'Ivanova',
  'Jensen', 'Kaur', 'Larsen', 'Mbeki', 'Nguyen', 'Ortega', 'Petrov', 'Quintero', 'Ramos', 'Sato', 'Varga',
  'Weber', 'Yilmaz', 'Zhou', 'Abbott', 'Bianchi', 'Castro', 'Devlin', 'Esposito',
];

export const CITIES = [
  'Lisbon', 'Denver', 'Osaka', 'Toronto', 'Marseille', 'Bergen', 'Valencia', 'Portland', 'Edinburgh', 'Kyoto',
  'Melbourne', 'Austin', 'Seville', 'Krakow', 'Reykjavik', 'Vancouver', 'Dublin', 'Porto', 'Munich', 'Copenhagen',
  'Santiago', 'Montreal', 'Nairobi', 'Cape Town', 'Hanoi', 'Istanbul', 'Prague', 'Budapest', 'Naples', 'Boston',
  'Seattle', 'Chicago', 'Savannah', 'Bologna', 'Lyon', 'Ghent', 'Tallinn', 'Split', 'Oaxaca', 'Cusco', 'Hobart',
  'Wellington', 'Queenstown', 'Galway', 'Bruges', 'Salzburg', 'Granada', 'Sintra', 'Asheville', 'Santa Fe',
];

export const ACTIVITIES = [
  'hiking', 'pottery', 'salsa dancing', 'rock climbing', 'watercolor painting', 'chess', 'trail running', 'kayaking',
  'baking sourdough', 'birdwatching', 'yoga', 'woodworking', 'photography', 'knitting', 'surfing', 'cycling',
  'swimming', 'gardening', 'playing guitar', 'playing piano', 'board games', 'camping', 'skiing', 'snowboarding',
  'fishing', 'tennis', 'badminton', 'volleyball', 'bouldering', 'journaling', 'calligraphy', 'stand-up paddling',
  'sailing', 'scuba diving', 'archery', 'fencing', 'boxing', 'pilates', 'meditation', 'crossword puzzles',
  'jigsaw puzzles', 'stargazing', 'foraging', 'beekeeping', 'embroidery', 'origami', 'skateboarding', 'horse riding',
  'ice skating', 'mountain biking', 'rowing', 'karaoke', 'improv theater', 'choir singing', 'painting miniatures',
  'restoring furniture', 'brewing kombucha', 'running half marathons', 'learning Spanish', 'learning Japanese',
];

export const FOODS = [
  'sushi', 'lasagna', 'ramen', 'tacos al pastor', 'pad thai', 'paella', 'falafel', 'pho', 'risotto', 'dumplings',
  'shakshuka', 'goulash', 'banh mi', 'butter chicken', 'pierogi', 'ceviche', 'moussaka', 'bibimbap', 'gnocchi',
  'jollof rice', 'tiramisu', 'croissants', 'cheesecake', 'apple pie', 'fish and chips', 'mac and cheese',
  'green curry', 'lentil soup', 'carbonara', 'empanadas', 'katsu curry', 'poke bowls', 'churros', 'baklava',
  'clam chowder', 'brisket', 'miso soup', 'spanakopita', 'arepas', 'chili con carne',
];

export const ALLERGENS = ['peanuts', 'shellfish', 'gluten', 'dairy', 'tree nuts', 'sesame', 'eggs', 'soy', 'strawberries', 'penicillin', 'cats', 'pollen'];

export const JOBS = [
  'nurse', 'software engineer', 'teacher', 'architect', 'pharmacist', 'graphic designer', 'accountant', 'paramedic',
  'chef', 'electrician', 'veterinarian', 'data analyst', 'librarian', 'physiotherapist', 'journalist', 'carpenter',
  'marketing manager', 'civil engineer', 'dentist', 'social worker', 'pilot', 'lab technician', 'translator',
  'product manager', 'barista', 'firefighter', 'illustrator', 'lawyer', 'urban planner', 'sound engineer',
];

export const EMPLOYERS = [
  'Northwind Logistics', 'Bluebird Bakery', 'Harbor Clinic', 'Cedar Ridge School', 'Lumen Analytics', 'Atlas Robotics',
  'Greenleaf Pharmacy', 'Riverside Hospital', 'Copperline Studios', 'Summit Bank', 'Orchard Labs', 'Brightwater Energy',
  'Kestrel Airlines', 'Maple & Finch Law', 'Tidewater Press', 'Ironwood Builders', 'Juniper Health', 'Quarry Games',
  'Saffron Kitchen', 'Polaris Insurance', 'Meridian Museum', 'Willow Creek Library', 'Nimbus Software', 'Fjord Design',
];

export const VENUES = [
  'Basecamp Climbing Gym', 'the Clay Corner studio', 'Riverside Community Center', 'Oak Street Dojo', 'the Velvet Note jazz club',
  'Sunrise Yoga Loft', 'the Maple Chess Club', 'Harbor Sailing School', 'the Greenhouse Cafe', 'Pinecrest Golf Course',
  'the Old Mill Brewery', 'Lakeside Rowing Club', 'the Lantern Theater', 'Northside Pool', 'the Paper Crane bookshop',
];

export const PET_SPECIES = ['dog', 'cat', 'rabbit', 'parrot', 'tortoise', 'hamster'];
export const PET_NAMES = ['Biscuit', 'Pepper', 'Mochi', 'Ziggy', 'Luna', 'Waffles', 'Juniper', 'Taco', 'Olive', 'Nugget', 'Pixel', 'Hazel', 'Bruno', 'Clementine'];
export const PET_ACTIVITIES = ['chasing squirrels', 'long walks on the beach', 'napping in the sun', 'playing fetch', 'chewing shoes', 'hiding under the bed'];

export const WEEKDAYS = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'];
export const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];
export const SEASONS = ['spring', 'summer', 'autumn', 'winter'];
export const BODY_PARTS = ['knee', 'ankle', 'shoulder', 'wrist', 'back', 'elbow', 'hip', 'neck'];
export const ROOMS = ['kitchen', 'living room', 'bedroom', 'bathroom', 'hallway', 'study', 'garden shed'];
export const COLOURS = ['sage green', 'navy blue', 'warm white', 'terracotta', 'mustard yellow', 'dusty pink', 'charcoal grey'];
export const SUBJECTS = ['photography', 'Italian cooking', 'data science', 'art history', 'woodworking', 'astronomy', 'creative writing', 'first aid', 'jazz piano', 'French'];
export const PURCHASES = ['a new car', 'a house deposit', 'a trip to Japan', 'a road bike', 'a new laptop', 'a wedding', 'a sailing course', 'a sofa'];
export const FEELINGS = ['excited', 'nervous', 'proud', 'stressed', 'grateful', 'exhausted', 'relieved', 'happy'];

export const SMALL_TALK = [
  'Thanks, that helps a lot!', 'Haha okay, good to know.', 'Good morning!', 'Sounds great, thank you.', 'Ok cool.',
  'How are you today?', 'Makes sense, thanks!', 'Nice, appreciate it.',
];
