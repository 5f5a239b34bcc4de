/**
 * The words the generated forum is made of: a handful of communities ("domains"), each with the
 * things its members own, the tasks they attempt, the symptoms they report and the changes they
 * blame. Categories take a domain; discussions and comments talk about their category's domain.
 */
export interface Domain {
  name: string;
  members: string;
  things: readonly string[];
  tasks: readonly string[];
  symptoms: readonly string[];
  products: readonly string[];
  changes: readonly string[];
  subcategories: readonly string[];
}

export const domains: readonly Domain[] = [
  {
    name: "Home Servers",
    members: "self-hosters",
    things: ["NAS", "reverse proxy", "Docker host", "Raspberry Pi", "backup job", "ZFS pool", "router", "VPN tunnel"],
    tasks: [
      "set up automatic off-site backups",
      "expose a service without opening every port",
      "move my containers to a bigger disk",
      "monitor disk health",
      "update everything without downtime",
    ],
    symptoms: [
      "the container keeps restarting",
      "disk usage jumps overnight",
      "the web UI times out",
      "the fans spin up at idle",
      "DNS stops resolving every few hours",
    ],
    products: ["Proxmox", "TrueNAS", "Unraid", "Debian", "Home Assistant", "Nextcloud"],
    changes: ["upgraded the kernel", "swapped the power supply", "moved to a new router", "enabled hardware transcoding"],
    subcategories: ["Hardware", "Networking", "Backups", "Containers", "Media Servers"],
  },
  {
    name: "Gardening",
    members: "gardeners",
    things: ["raised bed", "tomato seedlings", "compost heap", "drip line", "greenhouse", "fig tree", "lawn", "rain barrel"],
    tasks: [
      "keep slugs off the lettuce",
      "start seeds indoors",
      "prune an old apple tree",
      "build a raised bed on a slope",
      "get rid of clover in the lawn",
    ],
    symptoms: [
      "the lower leaves turn yellow",
      "the seedlings get leggy",
      "white powder shows up on the squash",
      "the compost smells sour",
      "the blossoms drop before fruiting",
    ],
    products: ["Fiskars", "Gardena", "Felco", "Burpee", "Miracle-Gro"],
    changes: ["switched to rainwater", "moved the pots into full sun", "added fresh manure", "repotted everything"],
    subcategories: ["Vegetables", "Fruit Trees", "Houseplants", "Lawns", "Tools & Sheds"],
  },
  {
    name: "Baking",
    members: "bakers",
    things: ["sourdough starter", "stand mixer", "Dutch oven", "pie crust", "proofing basket", "oven thermometer"],
    tasks: [
      "get a more open crumb",
      "keep a starter alive while travelling",
      "bake at high altitude",
      "stop the bottom crust burning",
      "scale a recipe down by half",
    ],
    symptoms: [
      "the loaf spreads flat",
      "the crust comes out pale",
      "the dough tears when I shape it",
      "the cake sinks in the middle",
      "the starter smells like nail polish",
    ],
    products: ["KitchenAid", "Lodge", "King Arthur", "Le Creuset", "Kenwood"],
    changes: ["switched flour brands", "moved to a new flat", "cut the hydration to 70%", "bought a new oven"],
    subcategories: ["Bread", "Cakes & Pastry", "Equipment", "Recipes", "Troubleshooting"],
  },
  {
    name: "Photography",
    members: "photographers",
    things: ["mirrorless body", "50mm prime", "tripod", "ND filter", "flash", "SD card", "raw files", "lens hood"],
    tasks: [
      "shoot the night sky without star trails",
      "get sharp photos of birds in flight",
      "organise ten years of photos",
      "match colours across two cameras",
      "light a small product shot",
    ],
    symptoms: [
      "the autofocus hunts in low light",
      "every shot comes out a stop too dark",
      "the edges are soft wide open",
      "the import stalls halfway",
      "banding appears in the sky",
    ],
    products: ["Lightroom", "darktable", "Capture One", "Fujifilm", "Sony", "Canon", "Nikon"],
    changes: ["updated the firmware", "switched to manual focus", "changed the colour profile", "bought a faster card"],
    subcategories: ["Gear", "Critique", "Editing", "Landscapes", "Portraits"],
  },
  {
    name: "Cycling",
    members: "riders",
    things: ["gravel bike", "tubeless setup", "chain", "rear derailleur", "disc brakes", "saddle", "power meter"],
    tasks: [
      "set up tubeless tyres without a compressor",
      "plan a first overnight bikepacking trip",
      "fit the bike after a knee injury",
      "train through the winter",
      "commute in the rain without ruining my clothes",
    ],
    symptoms: [
      "the brakes squeal in the wet",
      "the chain skips under load",
      "my hands go numb after an hour",
      "the tyre burps on rough corners",
      "a creak comes from the bottom bracket",
    ],
    products: ["Shimano", "SRAM", "Strava", "Garmin", "Wahoo", "Brooks"],
    changes: ["replaced the cassette", "lowered the saddle by 5 mm", "switched to wider tyres", "moved to clipless pedals"],
    subcategories: ["Road", "Gravel & Touring", "Maintenance", "Rides & Routes", "Commuting"],
  },
  {
    name: "Music Production",
    members: "producers",
    things: ["audio interface", "MIDI keyboard", "studio monitors", "mix bus", "reverb send", "vocal chain"],
    tasks: [
      "get the low end to translate to earbuds",
      "record vocals in an untreated room",
      "sidechain the bass to the kick",
      "master a track for streaming",
      "sync two laptops on stage",
    ],
    symptoms: [
      "clicks and pops appear at low buffer sizes",
      "the mix sounds muddy on a car stereo",
      "the plugin crashes on load",
      "latency creeps up during the set",
      "the vocal sounds harsh around 3 kHz",
    ],
    products: ["Ableton", "Logic", "Reaper", "FL Studio", "Focusrite", "Universal Audio"],
    changes: ["updated the audio driver", "moved the monitors off the desk", "switched sample rates", "added acoustic panels"],
    subcategories: ["Mixing", "Gear", "Sound Design", "Feedback", "Live"],
  },
  {
    name: "Board Games",
    members: "players",
    things: ["two-player variant", "solo mode", "expansion", "card sleeves", "insert", "campaign", "house rule"],
    tasks: [
      "teach a heavy game to new players",
      "store a big box game with all its expansions",
      "run a game night for twelve people",
      "balance a game for a player who always wins",
      "find a good game for two",
    ],
    symptoms: [
      "the first player always wins",
      "setup takes longer than the game",
      "the cards warp in the box",
      "the campaign drags after the fifth scenario",
      "one strategy dominates every game",
    ],
    products: ["Wingspan", "Gloomhaven", "Catan", "Spirit Island", "Terraforming Mars", "Azul"],
    changes: ["added the expansion", "switched to the variant rules", "started sleeving everything", "dropped the timer"],
    subcategories: ["Strategy", "Family Games", "Rules Questions", "Game Nights", "Trading"],
  },
  {
    name: "Web Development",
    members: "developers",
    things: ["build pipeline", "service worker", "database index", "CSS grid", "API client", "test suite", "CI job"],
    tasks: [
      "cut the bundle size in half",
      "add dark mode without a flash on load",
      "paginate a table with a million rows",
      "cache API answers for guests",
      "migrate a project to TypeScript",
    ],
    symptoms: [
      "the page flickers on hydration",
      "the query takes two seconds on production data",
      "tests pass locally but fail on CI",
      "memory climbs until the process restarts",
      "the build is twice as slow after the upgrade",
    ],
    products: ["React", "Vite", "PostgreSQL", "SQLite", "Node.js", "Fastify", "TypeScript"],
    changes: ["upgraded to the new major version", "switched the bundler", "added an index", "turned on strict mode"],
    subcategories: ["Frontend", "Backend", "Databases", "Tooling", "Career"],
  },
  {
    name: "Woodworking",
    members: "woodworkers",
    things: ["workbench", "table saw", "hand plane", "dovetail jig", "finish", "chisels", "dust collector"],
    tasks: [
      "flatten a wide slab without a planer",
      "cut tight dovetails by hand",
      "finish oak without blotching",
      "set up a shop in a one-car garage",
      "sharpen chisels to a mirror edge",
    ],
    symptoms: [
      "the board cups a week after glue-up",
      "the saw burns the edge of the cut",
      "the finish stays tacky for days",
      "tear-out shows up on figured wood",
      "the joints open up in winter",
    ],
    products: ["Festool", "Lie-Nielsen", "DeWalt", "Veritas", "Makita", "Rubio Monocoat"],
    changes: ["switched to hide glue", "tuned the fence", "moved the shop to the basement", "changed the blade"],
    subcategories: ["Projects", "Tools", "Finishing", "Joinery", "Shop Setup"],
  },
  {
    name: "Books",
    members: "readers",
    things: ["reading list", "book club", "e-reader", "audiobook", "series", "translation", "library card"],
    tasks: [
      "read more without giving up sleep",
      "pick a first book for a new club",
      "get into classic novels",
      "keep track of what I've read",
      "find something like the last book I loved",
    ],
    symptoms: [
      "I stall halfway through every long novel",
      "the club never finishes the book",
      "the audiobook narrator ruins it for me",
      "the sequel never lives up to the first one",
      "I forget the plot a month later",
    ],
    products: ["Kindle", "Kobo", "Libby", "Goodreads", "StoryGraph", "Audible"],
    changes: ["switched to audiobooks", "started a reading journal", "joined a second club", "set a yearly goal"],
    subcategories: ["Fiction", "Non-fiction", "Book Club", "Recommendations", "Writing"],
  },
];

export const firstNames = [
  "Alice", "Bruno", "Chen", "Dana", "Emeka", "Frida", "Gus", "Hana", "Ivan", "Jamal", "Keiko", "Lars",
  "Maya", "Nikolai", "Olga", "Priya", "Quentin", "Rosa", "Sven", "Tariq", "Uma", "Victor", "Wen", "Ximena",
  "Yusuf", "Zoe", "Amara", "Ben", "Carmen", "Dmitri", "Elena", "Farid", "Grace", "Hugo", "Ines", "Jonas",
  "Kofi", "Lena", "Mateo", "Nadia", "Omar", "Paula", "Rafael", "Sara", "Tom", "Valeria", "Will", "Yara",
];

export const lastNames = [
  "Moreau", "Okafor", "Wei", "Kowalski", "Lindqvist", "Haddad", "Tanaka", "Fischer", "Silva", "Novak",
  "Petrov", "Nguyen", "Garcia", "Jensen", "Rossi", "Dubois", "Khan", "Murphy", "Schmidt", "Costa",
  "Ivanova", "Kim", "Mensah", "Larsen", "Alvarez", "Brennan", "Sato", "Weber", "Popescu", "Reyes",
  "Nakamura", "Hughes", "Berg", "Mwangi", "Ortiz", "Vogel", "Park", "Andersson", "Ferreira", "Quinn",
];

export const handles = [
  "lurker", "tinkerer", "nightowl", "greenthumb", "crumbs", "shutter", "spokes", "loops", "meeple", "bytes",
  "sawdust", "pageturner", "fixer", "wanderer", "pixel", "rookie", "oldtimer", "maker", "quietone", "bluebird",
];

export const topQualifiers = [
  "", "Europe", "North America", "Latin America", "Asia Pacific", "Beginners", "Marketplace", "Events",
  "Local Groups", "Deutsch", "Français", "Español", "Português", "Italiano", "Archive",
];

export const leafNames = ["Questions", "Guides", "Show and Tell", "Announcements", "2024", "2025", "Archive"];

export const durations = ["a few weeks", "about six months", "a couple of years", "since last spring", "almost a decade"];
export const feelings = ["frustrated", "curious", "stuck", "pleasantly surprised", "a bit lost", "hooked"];
export const fillers = [
  "Honestly, I expected this to be simpler.",
  "I searched the forum first but the older threads are out of date.",
  "Photos and notes are below.",
  "Budget is tight, so I'd rather fix what I have.",
  "This is the third time it has happened this month.",
  "The manual is no help at all on this point.",
  "I'm happy to test anything you suggest.",
  "It's probably something obvious.",
];
