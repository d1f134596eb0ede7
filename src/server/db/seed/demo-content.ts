import type { MerchCategory, VideoCategory } from "@shared/categories";
import { todayIso } from "@shared/format";

/** The fictional band's demo content (all original text written for this project). */
const daysFromNow = (n: number) => todayIso(new Date(Date.now() + n * 86_400_000));

export const demoSettings: Record<string, string> = {
  "band-name": "Tar River Static",
  "show-bios": "true",
  "instagram-url": "https://www.instagram.com/tarriverstatic",
  "facebook-url": "https://www.facebook.com/tarriverstatic",
  "youtube-url": "https://www.youtube.com/@tarriverstatic",
  "bandcamp-url": "https://tarriverstatic.bandcamp.com",
};

/** Where a demo show's town is, as the gazetteer places it (modules/places; checked when written), so 'fans near a show' works in the demo. */
const placed = (lat: number, lng: number, placeName: string) => ({ lat, lng, placeName });

export const demoShows = () => [
  { venue: "The Pour House", location: "Raleigh, NC", date: daysFromNow(12), time: "8:00 PM", price: "15.00", ageRestriction: "18+", supportingActs: "Ghost Atlas, Kinston Kids", eventUrl: "https://example.com/tickets/pour-house", ...placed(35.7721, -78.63861, "Raleigh, North Carolina, US") },
  { venue: "Tipsy Teapot", location: "Greenville, NC", date: daysFromNow(26), time: "7:30 PM", price: "10.00", ageRestriction: "All Ages", supportingActs: "Pamlico, Saltmarsh", eventUrl: null, ...placed(35.61266, -77.36635, "Greenville, North Carolina, US") },
  { venue: "Reggie's 42nd Street Tavern", location: "Wilmington, NC", date: daysFromNow(41), time: "9:00 PM", price: "12.00", ageRestriction: "21+", supportingActs: "Low Tide Choir", eventUrl: "https://example.com/tickets/reggies", ...placed(34.23556, -77.94604, "Wilmington, North Carolina, US") },
  { venue: "Cat's Cradle Back Room", location: "Carrboro, NC", date: daysFromNow(63), time: "8:30 PM", price: "18.00", ageRestriction: "All Ages", supportingActs: "", eventUrl: "https://example.com/tickets/cats-cradle", ...placed(35.91014, -79.07529, "Carrboro, North Carolina, US") },
  { venue: "Strange Matter", location: "Richmond, VA", date: daysFromNow(-21), time: "8:00 PM", price: "10.00", ageRestriction: "18+", supportingActs: "Cedar Hollow", eventUrl: null, ...placed(37.55376, -77.46026, "Richmond, Virginia, US") },
];

const shop = "https://www.amazon.com/s?k=tar+river+static";
const merchItems: { name: string; description: string; price: string; category: MerchCategory; templateDimensions: string; image: string; isNew?: boolean; isFeatured?: boolean; comingSoon?: boolean }[] = [
  { name: "Floodplain Tee", description: "Heavyweight black tee with the Floodplain logo front and tour dates on the back.", price: "25.99", category: "T-Shirt", templateDimensions: "4500px x 5400px (T-shirts, Sweatshirts)", image: "merch-floodplain-tee.jpg", isNew: true, isFeatured: true },
  { name: "Static Hoodie", description: "Pullover hoodie, midweight fleece, logo across the chest.", price: "44.99", category: "Hoodie", templateDimensions: "4500px x 4050px (Hoodies)", image: "merch-static-hoodie.jpg", isFeatured: true },
  { name: "Dad Hat", description: "Unstructured six-panel cap with an embroidered logo.", price: "22.00", category: "Hat", templateDimensions: "Other", image: "merch-dad-hat.jpg" },
  { name: "Spring Tour Poster", description: "18x24 poster from the spring run: Greenville, Raleigh, Wilmington, Richmond.", price: "15.00", category: "Poster", templateDimensions: "Other", image: "merch-tour-poster.jpg", isNew: true },
  { name: "Sticker Pack", description: "Three vinyl stickers for your guitar case, laptop or van window.", price: "5.00", category: "Sticker", templateDimensions: "Other", image: "merch-sticker-pack.jpg" },
  { name: "Tote Bag", description: "Natural canvas tote, big enough for records and a change of shirt.", price: "19.99", category: "Accessory", templateDimensions: "2925px x 2925px (Tote bags, Pillows)", image: "merch-tote-bag.jpg" },
  { name: "Enamel Pin", description: "1.25 inch hard enamel pin with a rubber clutch.", price: "9.00", category: "Accessory", templateDimensions: "Other", image: "merch-enamel-pin.jpg", comingSoon: true },
  { name: "Floodplain / Porch Light Cassette", description: "Both singles on a red cassette with a download code.", price: "8.00", category: "Other", templateDimensions: "Other", image: "merch-cassette.jpg", comingSoon: true },
];
export const demoMerch = merchItems.map((m) => ({ ...m, amazonUrl: shop }));

export const demoVideos: { title: string; description: string; category: VideoCategory; embedUrl: string; image: string; sortOrder: number }[] = [
  { title: "Floodplain (Official Video)", description: "Shot in one night on the banks of the Tar River with two borrowed cameras and a lot of fog.", category: "official", embedUrl: "https://www.youtube.com/embed/eRsGyueVLvQ", image: "video-floodplain.jpg", sortOrder: 0 },
  { title: "Live at The Pour House", description: "The full set from the Raleigh hometown-ish show, sweat and all.", category: "live", embedUrl: "https://www.youtube.com/embed/aqz-KE-bpKQ", image: "video-live-pour-house.jpg", sortOrder: 1 },
  { title: "Porch Light (Lyric Video)", description: "Words on screen so you can yell along properly next time.", category: "official", embedUrl: "https://www.youtube.com/embed/R6MlUcmOul8", image: "video-porch-light.jpg", sortOrder: 2 },
  { title: "Van Days: Spring Tour Diary", description: "Nine cities, one van, zero working air conditioning.", category: "documentary", embedUrl: "https://www.youtube.com/embed/Y-rmzh0PI3c", image: "video-van-days.jpg", sortOrder: 3 },
];

export const demoTracks = [
  { title: "Floodplain", file: "floodplain.mp3", cover: "cover-floodplain.jpg", duration: "45.71" },
  { title: "Porch Light", file: "porch-light.mp3", cover: "cover-porch-light.jpg", duration: "54.85" },
];

export const demoLyrics = [
  {
    title: "Floodplain", songName: "Floodplain", albumName: "Floodplain / Porch Light", releaseYear: "2025", sortOrder: 0,
    lyricsText: `The river took the porch and left the steps
Like it wanted us to know where we had been
Mama said we'd build it back by June
It's August now and I'm still waiting on the tide

So hold the line, hold the line
Till the water finds its way back home
Hold the line, hold the line
I was never any good at letting go

Every town down east has the same brown mark
Halfway up the wall where the summer stopped
We painted over it and called it new
But I can still see it when the lights are off`,
  },
  {
    title: "Porch Light", songName: "Porch Light", albumName: "Floodplain / Porch Light", releaseYear: "2025", sortOrder: 1,
    lyricsText: `Leave the porch light on for me
I'm three hours out and running on fumes
Every exit sign says turn around
Every song on the radio sounds like you

And I know, I know
You said you'd stop waiting up
But the bulb's still burning
So I'm still coming home`,
  },
  {
    title: "Kinston, 2 AM", songName: "Kinston, 2 AM", albumName: "Static Season", releaseYear: "2023", sortOrder: 2,
    lyricsText: `Parking lot sermons and gas station coffee
We were kings of nothing and it suited us fine
You carved your name in the picnic table
I carved mine right under, crooked line

We don't talk like that anymore
We don't talk at all
But some nights at 2 AM
I still drive out past the mall`,
  },
  {
    title: "Saltmarsh", songName: "Saltmarsh", albumName: "Static Season", releaseYear: "2023", sortOrder: 3,
    lyricsText: `Low tide, high hopes
Cut my feet on the oyster shells
Tried to tell you how I felt
Ended up just yelling at the gulls

Sink slow, sink slow
Into everything I never said
Sink slow, sink slow
Pull me out before I forget`,
  },
];

export const demoMembers = [
  { name: "Casey Hollowell", role: "Vocals", sortOrder: 0, joinDate: "2019-03-02", bio: "Writes the words on receipts and napkins, loses half of them, screams the other half. Grew up in Greenville listening to their older brother's Thursday CDs." },
  { name: "Dev Okafor", role: "Guitar", sortOrder: 1, joinDate: "2019-03-02", bio: "Builds pedals at the kitchen table and has strong opinions about tube amps. Responsible for every feedback squeal you have ever loved or hated." },
  { name: "Mara Whitley", role: "Bass", sortOrder: 2, joinDate: "2020-08-15", bio: "Joined after the first bassist moved to Asheville. Drives the van, keeps the merch spreadsheet and holds the whole thing together." },
  { name: "Jonah Pate", role: "Drums", sortOrder: 3, joinDate: "2019-03-02", bio: "Hits hard, counts fast, breaks a stick a song. Works at a tire shop in Washington, NC when we are not on the road." },
];
